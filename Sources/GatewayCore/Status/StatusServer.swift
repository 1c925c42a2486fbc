import Glibc
import Synchronization
import SystemSupport

/// Answers `tempest-gateway status`: a Unix socket next to the database
/// (`<database>.sock`). A client sends one line, `json` or `text`, receives
/// the report in that form, and the connection closes. The socket is private
/// to the gateway's user (mode 0600).
public final class StatusServer: Sendable {
    /// Why the socket could not be opened.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private let descriptor: Int32
    private let stopping = Atomic<Bool>(false)
    private let report: @Sendable (_ json: Bool, _ output: (String) -> Void) -> Void
    private let thread = Mutex<NamedThread?>(nil)

    /// The socket path for a database path.
    public static func socketPath(database: String) -> String { database + ".sock" }

    /// Binds the socket (replacing a stale one) and starts answering.
    /// `report` writes the report, JSON or text, to its `output` in pieces.
    public init(path: String, report: @escaping @Sendable (_ json: Bool, _ output: (String) -> Void) -> Void) throws(SetupError) {
        self.path = path
        self.report = report
        guard path.utf8.count < 108 else { throw SetupError(description: "the status socket path \(path) is too long") }
        unlink(path)
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { throw SetupError(description: "cannot create the status socket: \(SystemError.current.message)") }
        descriptor = socketDescriptor
        var address = StatusServer.address(path)
        let previousMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(previousMask)
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let reason = SystemError.current.message
            close(descriptor)
            throw SetupError(description: "cannot listen on the status socket \(path): \(reason)")
        }
        // No accept timeout: `stop()` wakes the blocked accept with
        // shutdown(2), so a quiet gateway never wakes for this thread.
        let started = try? NamedThread(named: "status-socket") { self.serve() }
        thread.withLock { $0 = started }
    }

    public static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        return address
    }

    private func serve() {
        while !stopping.load(ordering: .relaxed) {
            let client = accept(descriptor, nil, nil)
            guard client >= 0 else {
                // Woken by stop(), or interrupted; anything else (out of file
                // descriptors, say) is retried after a pause, never in a spin.
                if errno != EINTR && !stopping.load(ordering: .relaxed) { usleep(100_000) }
                continue
            }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var request = [UInt8](repeating: 0, count: 16)
            let count = recv(client, &request, request.count, 0)
            let wantsJSON = count >= 4 && request[0..<4] == Array("json".utf8)[...]
            report(wantsJSON) { SocketText.send($0, to: client) }
            close(client)
        }
    }

    /// Stops answering and removes the socket.
    public func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))  // wakes the accept
        thread.withLock { $0 }?.join()
        close(descriptor)
        unlink(path)
    }
}
