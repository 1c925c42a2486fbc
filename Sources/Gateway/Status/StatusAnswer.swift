// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import GatewayStatus
import Glibc

/// What asking the gateway's status socket gave: its report, or why there
/// is none, told apart so that `status` can say what to do.
enum StatusAnswer: Equatable {
    /// The gateway's report, as asked for.
    case report(String)
    /// No socket, or a stale one: no gateway runs with this database.
    case notRunning
    /// The socket (or its directory) is not ours to open: it is private to
    /// the gateway's user (mode 0600). `owner` names that user when known.
    case permissionDenied(owner: String?)
    /// Connected, but nothing came back in time (busy, or stuck).
    case noAnswer

    /// One word for `--json`: `not_running`, `permission_denied` or `no_answer`
    /// (nil for a report, which is the gateway's own document).
    var state: String? {
        switch self {
        case .report: nil
        case .notRunning: "not_running"
        case .permissionDenied: "permission_denied"
        case .noAnswer: "no_answer"
        }
    }

    /// Sends the wanted format ("json" or "text") to the socket at
    /// `socketPath` and reads the answer.
    static func fetch(socketPath: String, format: String) -> StatusAnswer {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .noAnswer }
        defer { close(descriptor) }
        var address = StatusServer.address(socketPath)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            return errno == EACCES || errno == EPERM ? .permissionDenied(owner: owner(of: socketPath)) : .notRunning
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request = format + "\n"
        _ = request.withUTF8 { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 16 << 20 {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        while let last = bytes.last, last == 0x0A || last == 0x20 { bytes.removeLast() }
        return bytes.isEmpty ? .noAnswer : .report(String(decoding: bytes, as: UTF8.self))
    }

    /// The user name owning `path`, when the file can be seen at all.
    private static func owner(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, let entry = getpwuid(status.st_uid), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
