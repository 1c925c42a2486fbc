// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

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

    @Test("each of the gateway's own threads names itself")
    func threadsAreNamed() throws {
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
            environment: ["NOTIFY_SOCKET": notify.path]
        )
        try gateway.start()
        defer {
            gateway.send(signal: SIGTERM)
            _ = try? gateway.wait(timeoutSeconds: 15)
        }
        let messages = notify.receive(forSeconds: 20) { $0.contains { $0.hasPrefix("READY=1") } }
        #expect(messages.contains { $0.hasPrefix("READY=1") })
        Thread.sleep(forTimeInterval: 2)  // connected, discovery sent, start-up threads settled
        // Each of the gateway's own threads names itself (`CProcess.h`), so
        // that `top -H` tells them apart; unnamed, they would inherit the
        // name of the thread that started them.
        let names = try Self.threadNames(of: gateway.processID)
        for name in ["udp-receive", "store-writer", "signal-wakeups", "metrics-http", "mosquitto loop"] {
            #expect(names.contains(name), "no thread named \(name) among \(names)")
        }
    }
}
