// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Pipeline
import SystemSupport

/// Answers `tempest-gateway status`: a Unix socket in the runtime directory
/// under systemd, else next to the database (``ServicePaths``). A client sends one line, `json` or `text`, receives
/// the report in that form, and the connection closes. The socket is private
/// to the gateway's user (mode 0600): only that user (and root) can connect,
/// so an idle client is the gateway's own; still, clients are served
/// together (``RequestAnswerLoop``) and each is dropped at its deadline, so
/// none holds the socket for others.
public final class StatusServer: Sendable {
    /// Why the socket could not be opened.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String
    private let loop: RequestAnswerLoop

    /// The limits every connection is held to: a second to send its line
    /// (then it gets the text report, as before), five to take the report,
    /// eight connections at once (beyond, the longest waiting is closed).
    static let rules = RequestAnswerLoop.Rules(
        requestTimeoutSeconds: 1, answerTimeoutSeconds: 5, maximumRequestBytes: 16, maximumConnections: 8,
        busyAnswer: "", answersIncompleteRequests: true)

    /// Binds the socket (replacing a stale one) and starts answering.
    /// `report` writes the report, JSON or text, to its `output` in pieces.
    public init(path: String, report: @escaping @Sendable (_ json: Bool, _ output: (String) -> Void) -> Void) throws(SetupError) {
        self.path = path
        guard path.utf8.count < 108 else { throw SetupError(description: "the status socket path \(path) is too long") }
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SetupError(description: "cannot create the status socket: \(SystemError.current.message)") }
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
        do {
            loop = try RequestAnswerLoop(
                listening: descriptor, threadName: "status-socket", rules: StatusServer.rules,
                isComplete: { $0.contains(0x0A) },
                answer: { request in
                    var text = ""
                    report(request.starts(with: Array("json".utf8))) { text += $0 }
                    return text
                })
        } catch {
            close(descriptor)
            unlink(path)
            throw SetupError(description: "cannot serve the status socket \(path): \(error.message)")
        }
    }

    public static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        return address
    }

    /// Stops answering and removes the socket.
    public func stop() {
        loop.stop()
        unlink(path)
    }
}
