// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit
import Testing

/// The web page served by a running gateway (`run --web-port`), over real
/// HTTP on 127.0.0.1: its log line, its security headers, `/events`, the
/// password, and ingest going on while idle clients hold the web server.
/// The pages themselves are tested where they are built: here `/` may
/// answer 200 or 404.
@Suite("web page: run --web-port", .serialized)
struct WebPageRunTests {
    static let password = "web-secret-7319"

    /// Starts `run` with MQTT off, UDP at `udpPort` and the web page at
    /// `webPort`, waiting (at most 20 s) until it listens.
    static func start(
        _ directory: TemporaryDirectory, udpPort: UInt16, webPort: UInt16, extra: [String] = [], environment: [String: String] = [:]
    ) throws -> ChildProcess {
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", directory.file("g.db"), "--udp-address", "127.0.0.1", "--udp-port", String(udpPort),
                "--print", "none", "--no-mqtt", "--no-forecast", "--web-port", String(webPort),
            ] + extra, environment: environment)
        try gateway.start()
        _ = gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") || !$0.isRunning }
        return gateway
    }

    static func stop(_ gateway: ChildProcess) throws -> ChildProcess.Result {
        gateway.send(signal: SIGTERM)
        return try gateway.wait(timeoutSeconds: 30)
    }

    /// curl's answer, head included (`-i`), within 5 s.
    static func curl(_ port: UInt16, _ path: String, _ options: [String] = []) throws -> String {
        try ChildProcess.run(
            executable: "/usr/bin/curl", arguments: ["-s", "-i", "--max-time", "5"] + options + ["http://127.0.0.1:\(port)\(path)"]
        ).standardOutput
    }

    static func hasSecurityHeaders(_ answer: String) -> Bool {
        answer.contains("\r\nX-Content-Type-Options: nosniff\r\n") && answer.contains("\r\nReferrer-Policy: no-referrer\r\n")
            && answer.contains("\r\nContent-Security-Policy: default-src 'self'; ")
    }

    @Test("--web-port serves / and /events with the security headers; the log names the address; --web-address must be IPv4")
    func serves() throws {
        let directory = try TemporaryDirectory()
        let webPort = try FreePort.tcp()
        let gateway = try Self.start(directory, udpPort: try FreePort.udp(), webPort: webPort)
        defer { _ = try? Self.stop(gateway) }
        #expect(gateway.standardErrorSoFar.contains("Serving the web page on http://127.0.0.1:\(webPort)/\n"))
        #expect(!gateway.standardErrorSoFar.contains("The web page has no password"))
        let page = try Self.curl(webPort, "/")
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n") || page.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(page.prefix(200))")
        #expect(Self.hasSecurityHeaders(page))
        let post = try Self.curl(webPort, "/", ["-X", "POST"])
        #expect(post.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        // The stream stays open: curl gives up after 2 s with what it got.
        let events = try ChildProcess.run(
            executable: "/usr/bin/curl", arguments: ["-s", "-i", "-N", "--max-time", "2", "http://127.0.0.1:\(webPort)/events"]
        ).standardOutput
        #expect(events.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"))
        #expect(events.contains("\r\n\r\nretry: 10000\n\n"))
        #expect(Self.hasSecurityHeaders(events))

        let wrong = try Gateway.run(["run", "--no-mqtt", "--web-port", "8080", "--web-address", "localhost", "--seconds", "1"])
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("web-address"))
    }

    @Test("a password from a 0600 file: 401 without it, 200/404 with Basic or Bearer; never printed; a file others can read is refused")
    func password() throws {
        let directory = try TemporaryDirectory()
        let passwordFile = directory.file("web-password")
        try "\(Self.password)\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o600)
        let configuration = directory.file("config.toml")
        try "[web]\nusername = \"viewer\"\npassword_file = \"\(passwordFile)\"\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let webPort = try FreePort.tcp()
        let gateway = try Self.start(directory, udpPort: try FreePort.udp(), webPort: webPort, extra: ["--config", configuration])
        #expect(gateway.standardErrorSoFar.contains("Serving the web page on http://127.0.0.1:\(webPort)/ with a password\n"))
        let refused = try Self.curl(webPort, "/")
        #expect(refused.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"))
        #expect(refused.contains("\r\nWWW-Authenticate: Basic realm=\"tempest-gateway\", charset=\"UTF-8\"\r\n"))
        #expect(try Self.curl(webPort, "/", ["-u", "viewer:nope"]).hasPrefix("HTTP/1.1 401 "))
        #expect(try Self.curl(webPort, "/", ["-u", "tempest:\(Self.password)"]).hasPrefix("HTTP/1.1 401 "))
        let basic = try Self.curl(webPort, "/", ["-u", "viewer:\(Self.password)"])
        #expect(basic.hasPrefix("HTTP/1.1 200 ") || basic.hasPrefix("HTTP/1.1 404 "), "\(basic.prefix(100))")
        let bearer = try Self.curl(webPort, "/", ["-H", "Authorization: Bearer \(Self.password)"])
        #expect(bearer.hasPrefix("HTTP/1.1 200 ") || bearer.hasPrefix("HTTP/1.1 404 "), "\(bearer.prefix(100))")
        let shown = try Gateway.run(["config", "show", "--config", configuration])
        #expect(shown.standardOutput.contains("Web page password: from the file \(passwordFile)"))
        let result = try Self.stop(gateway)
        #expect(!(result.standardOutput + result.standardError + shown.standardOutput).contains(Self.password))

        chmod(passwordFile, 0o644)
        let exposed = try Self.start(directory, udpPort: try FreePort.udp(), webPort: webPort, extra: ["--config", configuration])
        let exposedResult = try exposed.wait(timeoutSeconds: 30)
        #expect(exposedResult.status != 0)
        #expect(exposedResult.standardError.contains("web.password_file: refusing to read the secret in \(passwordFile)"))
        #expect(!exposedResult.standardError.contains(Self.password))
    }

    @Test("a port already taken: the gateway stops naming web.port")
    func portTaken() throws {
        let directory = try TemporaryDirectory()
        let webPort = try FreePort.tcp()
        let first = try Self.start(directory, udpPort: try FreePort.udp(), webPort: webPort)
        defer { _ = try? Self.stop(first) }
        let second = try Gateway.run([
            "run", "--database", directory.file("h.db"), "--udp-address", "127.0.0.1", "--udp-port", String(try FreePort.udp()),
            "--no-mqtt", "--no-forecast", "--web-port", String(webPort), "--seconds", "5",
        ])
        #expect(second.status != 0)
        #expect(second.standardError.contains("web.port, web.address: cannot serve the web page on 127.0.0.1:\(webPort):"))
    }

    @Test("on 0.0.0.0 without a password the log warns; while 40 idle clients hold the web server, datagrams are still stored")
    func ingestUnderIdleClients() throws {
        let directory = try TemporaryDirectory()
        let udpPort = try FreePort.udp()
        let webPort = try FreePort.tcp()
        // Every interface (the test talks to 127.0.0.1 only): without a password the log warns.
        let gateway = try Self.start(directory, udpPort: udpPort, webPort: webPort, extra: ["--web-address", "0.0.0.0"])
        defer { _ = try? Self.stop(gateway) }
        #expect(gateway.standardErrorSoFar.contains("Serving the web page on http://0.0.0.0:\(webPort)/\n"))
        #expect(gateway.standardErrorSoFar.contains("The web page has no password and listens beyond this computer"))
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<40 { idle.append(try Self.connect(webPort)) }
        let now = Int(Date().timeIntervalSince1970) / 60 * 60 - 3_600
        let sender = try UDPSender(port: udpPort)
        for minute in 0..<10 {
            try sender.send(
                #"{"serial_number":"ST-00077777","type":"obs_st","hub_sn":"HB-00000001","obs":[[\#(now + minute * 60),0.4,1.5,2.5,270,3,1012.5,21.5,55,12000,2.5,350,0,0,0,0,2.61,1]],"firmware_revision":171}"#)
        }
        var stored = 0
        for _ in 0..<50 {
            let history = try Gateway.run(["history", "--database", directory.file("g.db"), "--json", "--limit", "100"])
            let rows = (try? JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [[String: Any]]) ?? []
            stored = rows.count { $0["serial_number"] as? String == "ST-00077777" || $0["serial"] as? String == "ST-00077777" }
            if stored == 10 { break }
            usleep(100_000)
        }
        #expect(stored == 10)
        let page = try Self.curl(webPort, "/")
        #expect(page.hasPrefix("HTTP/1.1 200 ") || page.hasPrefix("HTTP/1.1 404 "))
    }

    @Test("a reload that changes [web] says it waits for a restart; the page stays where it was")
    func reload() throws {
        let directory = try TemporaryDirectory()
        let configuration = directory.file("config.toml")
        let webPort = try FreePort.tcp()
        let head = "[udp]\naddress = \"127.0.0.1\"\nport = \(try FreePort.udp())\n[storage]\ndatabase = \"\(directory.file("g.db"))\"\n"
            + "[mqtt]\nenabled = false\n[forecast]\nenabled = false\n"
        try (head + "[web]\nport = \(webPort)\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        let gateway = try ChildProcess(executable: Gateway.path, arguments: ["run", "--config", configuration, "--print", "none"])
        try gateway.start()
        defer { _ = try? Self.stop(gateway) }
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Serving the web page on http://127.0.0.1:\(webPort)/") })
        try (head + "[web]\nport = \(try FreePort.tcp())\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        gateway.send(signal: SIGHUP)
        #expect(gateway.waitFor(timeoutSeconds: 10) { $0.standardErrorSoFar.contains("Configuration reloaded: after a restart: [web].") })
        #expect(Self.hasSecurityHeaders(try Self.curl(webPort, "/")))
    }

    /// A TCP connection to 127.0.0.1:`port` that sends nothing.
    static func connect(_ port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(descriptor)
            throw TestKitError("cannot connect to 127.0.0.1:\(port): errno \(errno)")
        }
        return descriptor
    }
}
