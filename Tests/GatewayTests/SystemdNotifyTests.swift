import Foundation
import Testing
import TempestTestKit

/// `run` speaks systemd's notify protocol on `$NOTIFY_SOCKET`: READY once
/// listening, watchdog pings while the receive loop runs, STOPPING at the end.
@Suite("systemd notify")
struct SystemdNotifyTests {
    /// A Unix datagram socket standing in for systemd's notify socket.
    final class NotifySocket {
        let path: String
        let descriptor: Int32

        init(directory: TemporaryDirectory) throws {
            path = directory.file("notify.sock")
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard bound == 0 else { throw TestKitError("bind failed: \(errno)") }
            var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        /// Messages received until `seconds` pass or `stop` says so.
        func receive(forSeconds seconds: Double, until stop: ([String]) -> Bool) -> [String] {
            var messages = [String]()
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline && !stop(messages) {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                if count > 0 { messages.append(String(decoding: buffer[0..<count], as: UTF8.self)) }
            }
            return messages
        }

        deinit { close(descriptor) }
    }

    @Test("READY after binding, watchdog pings, then STOPPING")
    func notifications() throws {
        let directory = try TemporaryDirectory()
        let notify = try NotifySocket(directory: directory)
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", directory.file("g.db"), "--udp-address", "127.0.0.1", "--udp-port", String(port),
                "--print", "none", "--no-mqtt", "--seconds", "6",
            ],
            // Pings every 1.5 s; the receive loop proves itself alive once a second.
            environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "3000000"]
        )
        try gateway.start()
        let messages = notify.receive(forSeconds: 20) { $0.contains { $0.contains("STOPPING=1") } }
        try gateway.wait(timeoutSeconds: 15)
        let ready = try #require(messages.first)
        #expect(ready.hasPrefix("READY=1"))
        #expect(ready.contains("STATUS=listening on UDP 127.0.0.1:\(port)"))
        #expect(messages.filter { $0 == "WATCHDOG=1" }.count >= 3)
        #expect(messages.last == "STOPPING=1")
    }
}
