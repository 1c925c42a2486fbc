// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A real mosquitto broker for tests, on 127.0.0.1 and a free port, with
/// optional password file and TLS listener. Stopped when released.
public final class MosquittoBroker: @unchecked Sendable {
    /// A user the broker accepts.
    public struct User: Sendable {
        public var name: String
        public var password: String
        public init(name: String, password: String) {
            self.name = name
            self.password = password
        }
    }

    /// The plain TCP port.
    public private(set) var port: UInt16
    /// The TLS port, when TLS was asked for.
    public private(set) var tlsPort: UInt16?
    public let directory: TemporaryDirectory
    private var process: ChildProcess?

    /// Writes the configuration and starts the broker; waits (at most 10 s)
    /// until it accepts connections. When another process took a port
    /// between `FreePort` finding it and the broker binding it, tries again
    /// with new ports (at most five times).
    /// With `persistent`, sessions and queued QoS 1 messages survive a
    /// broker restart (as a real home broker is usually set up).
    /// `extraConfiguration` lines go at the end of the configuration (a
    /// bridge's `connection` section, say), where a repeated option
    /// overrides the test kit's.
    public init(
        users: [User] = [], tls: TestCertificates? = nil, persistent: Bool = false, extraConfiguration: [String] = []
    ) throws {
        directory = try TemporaryDirectory(prefix: "mosquitto")
        port = 0
        for attempt in 1...5 {
            port = try FreePort.tcp()
            tlsPort = tls == nil ? nil : try FreePort.tcp()
            try writeConfiguration(users: users, tls: tls, persistent: persistent, extra: extraConfiguration)
            do {
                try start()
                return
            } catch let error as TestKitError where attempt < 5 && "\(error)".contains("Address already in use") {
                stop()
                try? FileManager.default.removeItem(atPath: directory.file("broker.log"))
            }
        }
    }

    private func writeConfiguration(users: [User], tls: TestCertificates?, persistent: Bool, extra: [String]) throws {
        // `user root` keeps a broker started by root from switching to the
        // mosquitto user, who could not write into the test's private folder.
        // `max_queued_messages 0`: no cap on what the broker holds for a
        // subscriber that is away. Its default, 1,000, dropped messages for
        // the tests' own watcher when the gateway sent an outage's backlog
        // (an hour of 3-second wind) before the watcher had reconnected:
        // a loss of the test's, not the gateway's.
        var lines = [
            "user root", "log_dest file \(directory.file("broker.log"))", "log_type all", "per_listener_settings false",
            "max_queued_messages 0",
        ]
        lines += persistent
            ? ["persistence true", "persistence_location \(directory.path)/", "autosave_interval 1"]
            : ["persistence false"]
        if users.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            lines.append("allow_anonymous false")
            let passwordFile = directory.file("passwords")
            _ = FileManager.default.createFile(atPath: passwordFile, contents: nil)
            for user in users {
                let result = try ChildProcess.run(
                    executable: "/usr/bin/mosquitto_passwd", arguments: ["-b", passwordFile, user.name, user.password])
                guard result.status == 0 else { throw TestKitError("mosquitto_passwd failed: \(result.standardError)") }
            }
            lines.append("password_file \(passwordFile)")
        }
        lines.append("listener \(port) 127.0.0.1")
        if let tls, let tlsPort {
            lines += [
                "listener \(tlsPort) 127.0.0.1", "cafile \(tls.caCertificate)", "certfile \(tls.serverCertificate)",
                "keyfile \(tls.serverKey)",
            ]
        }
        lines += extra
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory.file("mosquitto.conf"), atomically: true, encoding: .utf8)
    }

    /// Starts (or restarts) the broker process on the same ports; nothing
    /// when it runs already (a second process would find the port taken,
    /// exit, and could be taken for a broker that failed to start).
    ///
    /// Started means this process logged that it runs and the port accepts:
    /// while the broker is stopped, another test may take its port, and a
    /// connection that reached that other process must not pass for ours.
    public func start() throws {
        if let process, process.isRunning { return }
        // A port held for a moment by another process's outgoing connection
        // frees itself; one held by another listener does not.
        for attempt in 1...3 {
            let logBefore = log
            let runningBefore = Self.runningLines(in: logBefore)
            let child = try ChildProcess(executable: "/usr/sbin/mosquitto", arguments: ["-c", directory.file("mosquitto.conf")])
            try child.start()
            process = child
            for _ in 0..<500 {
                if Self.runningLines(in: log) > runningBefore && child.isRunning && Self.accepts(port: port) {
                    return
                }
                if !child.isRunning { break }
                usleep(20_000)
            }
            let failure = "\(child.standardErrorSoFar) \(log.dropFirst(logBefore.count))"
            guard attempt < 3, !child.isRunning, failure.contains("Address already in use") else {
                throw TestKitError("mosquitto did not start: \(failure)")
            }
            process = nil
            usleep(300_000)
        }
    }

    /// Stops the broker (SIGTERM, then waits).
    public func stop() {
        guard let process else { return }
        process.send(signal: SIGTERM)
        _ = try? process.wait(timeoutSeconds: 10)
        self.process = nil
    }

    /// How many times the log says a broker came up ("mosquitto version
    /// 2.0.11 running"), which it writes once every listener is open.
    static func runningLines(in log: String) -> Int {
        log.split(separator: "\n").filter { $0.contains("mosquitto version") && $0.hasSuffix(" running") }.count
    }

    /// The broker's log so far.
    public var log: String {
        (try? String(contentsOfFile: directory.file("broker.log"), encoding: .utf8)) ?? ""
    }

    static func accepts(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    deinit {
        stop()
    }
}

/// A throw-away certificate authority and a server certificate for
/// `localhost` / 127.0.0.1, made with the openssl command line.
public final class TestCertificates: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public var caCertificate: String { directory.file("ca.crt") }
    public var serverCertificate: String { directory.file("server.crt") }
    public var serverKey: String { directory.file("server.key") }
    /// A second CA that signed nothing: trusting it must fail verification.
    public var unrelatedCACertificate: String { directory.file("other-ca.crt") }

    public init() throws {
        directory = try TemporaryDirectory(prefix: "certificates")
        let openssl = "/usr/bin/openssl"
        func run(_ arguments: [String]) throws {
            let result = try ChildProcess.run(executable: openssl, arguments: arguments)
            guard result.status == 0 else { throw TestKitError("openssl \(arguments.first ?? "") failed: \(result.standardError)") }
        }
        for name in ["ca", "other-ca"] {
            try run([
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                "-subj", "/CN=tempest-gateway test \(name)", "-keyout", directory.file("\(name).key"), "-out",
                directory.file("\(name).crt"),
            ])
        }
        try run([
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=localhost",
            "-keyout", serverKey, "-out", directory.file("server.csr"),
        ])
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: directory.file("san.ext"), atomically: true, encoding: .utf8)
        try run([
            "x509", "-req", "-in", directory.file("server.csr"), "-CA", caCertificate, "-CAkey", directory.file("ca.key"),
            "-CAcreateserial", "-days", "2", "-extfile", directory.file("san.ext"), "-out", serverCertificate,
        ])
    }
}
