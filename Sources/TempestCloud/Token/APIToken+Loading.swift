import Glibc
import SystemSupport

extension APIToken {
    /// Largest token file accepted; tokens are tens of bytes.
    static let maximumFileBytes = 4096

    /// Loads the token from `source`. Trailing whitespace (a final newline) is
    /// removed; an empty token is an error.
    public static func load(from source: APITokenSource, environment: (String) -> String? = ProcessEnvironment.value) throws(APITokenError) -> APIToken {
        let text: String
        let origin: String
        switch source {
        case .file(let path):
            origin = path
            text = try readFile(path, requirePrivate: true)
        case .systemdCredential(let name):
            let path: String
            do {
                path = try SystemdCredential(name: name).path(environment: environment)
            } catch {
                throw error.code == .noCredentialsDirectory ? .noCredentialsDirectory(name: name) : .invalidCredentialName(name: name)
            }
            origin = "systemd credential \(name)"
            // systemd creates credential files itself with owner-only access.
            text = try readFile(path, requirePrivate: false)
        case .environment(let name):
            guard let value = environment(name) else { throw .environmentVariableMissing(name: name) }
            origin = "$\(name)"
            text = value
        }
        let trimmed = String(text.reversed().drop(while: { $0.isWhitespace }).reversed())
        guard !trimmed.isEmpty else { throw .empty(origin: origin) }
        guard let token = APIToken(trimmed) else { throw .invalidCharacters(origin: origin) }
        return token
    }

    private static func readFile(_ path: String, requirePrivate: Bool) throws(APITokenError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        if requirePrivate, status.st_mode & (S_IRGRP | S_IROTH) != 0 {
            throw .tooOpen(path: path, mode: UInt32(status.st_mode))
        }
        guard Int(status.st_size) <= maximumFileBytes else { throw .tooLarge(path: path, limit: maximumFileBytes) }
        var bytes = [UInt8](repeating: 0, count: maximumFileBytes + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes[total...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, errno: errno)
            }
            if count == 0 { break }
            total += count
        }
        guard total <= maximumFileBytes else { throw .tooLarge(path: path, limit: maximumFileBytes) }
        return String(decoding: bytes[0..<total], as: UTF8.self)
    }
}
