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
            // Pings every 1.5 s while the receive loop is alive (waiting in its read).
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

    /// The names of the threads of `pid`, from /proc.
    static func threadNames(of pid: pid_t) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").compactMap { task in
            procText("/proc/\(pid)/task/\(task)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// A /proc file's text, read with read(2): /proc files report a size of
    /// 0, which Foundation's file reading takes at its word.
    static func procText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }

    /// Context switches so far (each is a wake-up or a preemption) of each
    /// thread of `pid`, by thread id, from /proc.
    static func contextSwitches(of pid: pid_t) throws -> [String: Int] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        var switches: [String: Int] = [:]
        for task in tasks {
            guard let status = procText("/proc/\(pid)/task/\(task)/status") else { continue }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                switches[task, default: 0] +=
                    Int(line.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") ?? 0
            }
        }
        return switches
    }

    @Test("a quiet gateway sleeps: no polling timers while no datagram arrives (counted in wake-ups, not time)")
    func quietGatewaySleeps() throws {
        let broker = try MosquittoBroker()
        defer { broker.stop() }
        let directory = try TemporaryDirectory()
        let notify = try NotifySocket(directory: directory)
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", directory.file("g.db"), "--udp-address", "127.0.0.1", "--udp-port",
                String(try FreePort.udp()), "--print", "none", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port),
                "--metrics-port", String(try FreePort.tcp()),
            ],
            // systemd's usual watchdog: a ping every 15 s, none in the window.
            environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "30000000"]
        )
        try gateway.start()
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 15)
        }
        let messages = notify.receive(forSeconds: 20) { $0.contains { $0.hasPrefix("READY=1") } }
        #expect(messages.contains { $0.hasPrefix("READY=1") })
        Thread.sleep(forTimeInterval: 2)  // connected, discovery sent, start-up threads settled
        let before = try Self.contextSwitches(of: gateway.processID)
        Thread.sleep(forTimeInterval: 6)
        let after = try Self.contextSwitches(of: gateway.processID)
        #expect(!before.isEmpty && before.values.reduce(0, +) > 0, "no context switches read from /proc")
        // Threads that ended meanwhile (idle pool threads) are left out.
        let wakeUps = after.reduce(0) { sum, thread in sum + thread.value - (before[thread.key] ?? 0) }
        // The polling this replaced (run loop, receive timeout, reload check,
        // outbox tick, accept timeouts) woke the threads over 100 times here,
        // and libdispatch's pool monitor, before the tasks moved to a thread
        // of the gateway's own, 6-12 times. What may remain is one MQTT
        // keepalive (a ping sent and its answer read).
        #expect(wakeUps <= 4, "the quiet gateway's threads woke \(wakeUps) times in 6 seconds")
        // libdispatch names its pool's threads after their queues
        // ("com.apple.root.default-qos", cut to the last 15 characters), and
        // threads started from them inherit the name.
        let names = try Self.threadNames(of: gateway.processID)
        #expect(names.contains("swift-tasks") && !names.contains { $0.contains("qos") }, "threads: \(names)")
        // Each of the gateway's own threads names itself (`CProcess.h`), so
        // that `top -H` tells them apart; unnamed, they would inherit the
        // name of the thread that started them.
        for name in ["udp-receive", "store-writer", "signal-wakeups", "metrics-http", "mosquitto loop"] {
            #expect(names.contains(name), "no thread named \(name) among \(names)")
        }
        #expect(names.filter { $0 == "swift-tasks" }.count == 1, "threads: \(names)")
    }
}
