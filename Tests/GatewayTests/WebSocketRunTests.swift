// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import Testing
import TempestTestKit

/// `run` in `weatherflow.mode = "websocket"` against a local WebSocket
/// server that speaks the WeatherFlow protocol (connection_opened, acks, a
/// cached observation on every listen_start) and a local REST server for
/// `/stations`: no datagram is sent, every observation comes over the
/// WebSocket, and MQTT goes to a real broker.
@Suite("run with the WeatherFlow WebSocket", .serialized)
struct WebSocketRunTests {
    let serial = WebSocketFixtures.serial

    /// The WeatherFlow side of a LocalWebSocketServer: greets, acks every
    /// request, answers each listen_start with the newest observation it
    /// sent as the cache replay, and counts the subscriptions per device.
    final class WeatherFlowSocket: @unchecked Sendable {
        let server: LocalWebSocketServer
        private let lock = NSLock()
        private var newestObservation: [Int: String] = [:]
        private var listens: [Int: Int] = [:]
        private var rapidListens: [Int: Int] = [:]

        init() throws {
            server = try LocalWebSocketServer()
            server.greet(with: WebSocketFixtures.connectionOpened)
            server.onText { [weak self] text in
                guard let self,
                    let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                    let id = object["id"] as? String, let type = object["type"] as? String
                else { return [] }
                var replies = [WebSocketFixtures.ack(id)]
                let device = object["device_id"] as? Int ?? 0
                lock.withLock {
                    if type == "listen_start" {
                        listens[device, default: 0] += 1
                        if let cached = newestObservation[device] { replies.append(cached.replacingOccurrences(of: #""source":"mqtt""#, with: #""source":"cache""#)) }
                    } else if type == "listen_rapid_start" {
                        rapidListens[device, default: 0] += 1
                    }
                }
                return replies
            }
        }

        /// Sends an observation live and remembers it for the next cache replay.
        func sendObservation(_ text: String, device: Int) {
            lock.withLock { newestObservation[device] = text }
            server.send(text: text)
        }

        func listenCount(_ device: Int) -> Int { lock.withLock { listens[device] ?? 0 } }
        func rapidListenCount(_ device: Int) -> Int { lock.withLock { rapidListens[device] ?? 0 } }

        /// Waits (bounded) until `device` was subscribed `count` times, both kinds.
        func waitForSubscriptions(_ device: Int, count: Int, timeoutSeconds: Double = 20) -> Bool {
            server.waitFor(timeoutSeconds: timeoutSeconds) { _ in
                self.listenCount(device) >= count && self.rapidListenCount(device) >= count
            }
        }
    }

    /// A REST cloud with `stations` and no observations (the REST follower stays idle).
    func restCloud(stations: String = RESTFixtures.stations) throws -> LocalHTTPServer {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: stations))
        for device in [WebSocketFixtures.deviceID, RESTFixtures.cabinAir.deviceID, RESTFixtures.cabinSky.deviceID] {
            server.route("/observations/device/\(device)", .init(body: RESTFixtures.noData))
        }
        for station in [98765, 55555] {
            server.route("/observations/station/\(station)", .init(body: RESTFixtures.noData))
        }
        return server
    }

    /// A UDP socket bound to 127.0.0.1 on a free port, held by the test.
    static func boundUDPSocket() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw TestKitError("cannot bind a UDP socket") }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    func writeToken(_ directory: TemporaryDirectory) throws -> String {
        let token = directory.file("token")
        try "ws-secret-4711\n".write(toFile: token, atomically: true, encoding: .utf8)
        chmod(token, 0o600)
        return token
    }

    func startGateway(
        directory: TemporaryDirectory, config: String, rest: LocalHTTPServer, broker: MosquittoBroker?, extra: [String] = []
    ) throws -> ChildProcess {
        let configFile = directory.file("config.toml")
        try config.write(toFile: configFile, atomically: true, encoding: .utf8)
        let mqtt = broker.map { ["--mqtt-host", "127.0.0.1", "--mqtt-port", String($0.port)] } ?? ["--no-mqtt"]
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--config", configFile, "--database", directory.file("g.db"), "--udp-address", "127.0.0.1",
                "--udp-port", String(try FreePort.udp()), "--print", "none", "--timezone", "UTC", "--no-forecast",
                "--token-file", try writeToken(directory), "--weatherflow-api", rest.baseURL, "--mode", "websocket",
                "--cloud-interval-seconds", "0.5", "--backfill-days", "0",
            ] + mqtt + extra)
        try gateway.start()
        return gateway
    }

    func stop(_ gateway: ChildProcess) throws -> ChildProcess.Result {
        gateway.send(signal: SIGTERM)
        return try gateway.wait(timeoutSeconds: 30)
    }

    /// The stored observations of `serial` (bounded wait until `count` or 15 s).
    func observations(_ database: String, serial: String, count: Int) -> [ObservationRecord] {
        var rows: [ObservationRecord] = []
        for _ in 0..<75 {
            if let store = try? Store(readOnlyPath: database) { rows = (try? store.observations(serial: serial, from: 0, to: .max)) ?? [] }
            if rows.count >= count { break }
            usleep(200_000)
        }
        return rows
    }

    @Test("over TLS with a certificate the test made, a rapid wind is stored and published with source websocket; no UDP socket is bound")
    func rapidWindOverTLS() throws {
        let directory = try TemporaryDirectory()
        let socket = try WeatherFlowSocket()
        let tls = try LocalTLSForwarder(targetPort: socket.server.port)
        let rest = try restCloud()
        let broker = try MosquittoBroker()
        // The UDP port is taken: websocket mode must not need it.
        let udpBlocker = try Self.boundUDPSocket()
        defer { close(udpBlocker.descriptor) }
        let subscriber = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/\(serial)/event/rapid_wind", "-C", "1", "-W", "40"])
        try subscriber.start()
        let gateway = try startGateway(
            directory: directory,
            config: "[weatherflow]\nwebsocket_url = \"\(tls.baseURL)/swd/data\"\nca_file = \"\(tls.certificateFile)\"\n",
            rest: rest, broker: broker, extra: ["--udp-port", String(udpBlocker.port)])
        #expect(socket.waitForSubscriptions(WebSocketFixtures.deviceID, count: 1))
        #expect(socket.server.handshakes.first?.query == "token=ws-secret-4711")
        let now = Int64(Date().timeIntervalSince1970)
        socket.server.send(text: WebSocketFixtures.rapidWind(now))
        let published = try subscriber.wait(timeoutSeconds: 45)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(published.standardOutput.utf8)) as? [String: Any])
        #expect(event["source"] as? String == "websocket")
        #expect(event["wind_speed"] as? Double == 1.02)
        let status = try Gateway.run(["status", "--json", "--database", directory.file("g.db")])
        #expect(status.standardOutput.contains("\"weatherflow_websocket\""))
        let result = try stop(gateway)
        #expect(result.status == 0)
        #expect(result.standardError.contains("Not listening for UDP broadcasts"))
        #expect(!result.standardError.contains("ws-secret-4711"))
        let store = try Store(readOnlyPath: directory.file("g.db"))
        #expect(try store.rapidWind(serial: serial, from: 0, to: .max).count == 1)
    }

    @Test("ten forced disconnects: every observation is stored and published exactly once, the cache replays included")
    func tenDisconnects() throws {
        let directory = try TemporaryDirectory()
        let socket = try WeatherFlowSocket()
        let rest = try restCloud()
        let broker = try MosquittoBroker()
        let subscriber = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "tempest/\(serial)/event/observation", "-W", "120"])
        try subscriber.start()
        let gateway = try startGateway(
            directory: directory, config: "[weatherflow]\nwebsocket_url = \"\(socket.server.baseURL)/swd/data\"\n", rest: rest,
            broker: broker, extra: ["--web-socket-backoff-cap-seconds", "1"])
        let database = directory.file("g.db")
        let first = Int64(Date().timeIntervalSince1970) / 60 * 60 - 30 * 60
        var sent: [Int64] = []
        for round in 0...10 {
            #expect(socket.waitForSubscriptions(WebSocketFixtures.deviceID, count: round + 1), "subscribed after \(round) drops")
            // Two observations on every connection, then the line drops.
            for minute in 0..<2 {
                let time = first + Int64(round * 2 + minute) * 60
                socket.sendObservation(WebSocketFixtures.obsSt(time), device: WebSocketFixtures.deviceID)
                sent.append(time)
            }
            #expect(observations(database, serial: serial, count: sent.count).count == sent.count, "stored after round \(round)")
            if round < 10 { socket.server.dropConnections() }
        }
        let rows = observations(database, serial: serial, count: sent.count)
        #expect(rows.map(\.timestamp) == sent)
        #expect(rows.allSatisfy { $0.source == .websocket })
        #expect(socket.listenCount(WebSocketFixtures.deviceID) == 11)
        // Every observation event published once: wait (bounded) for the last one.
        _ = subscriber.waitFor(timeoutSeconds: 20) { $0.standardOutputSoFar.components(separatedBy: "\n").count > sent.count }
        let result = try stop(gateway)
        #expect(result.status == 0)
        subscriber.send(signal: SIGTERM)
        let events = try Gateway.jsonLines(try subscriber.wait(timeoutSeconds: 10).standardOutput)
        #expect(events.count == sent.count, "one event per observation")
        #expect(events.allSatisfy { $0["source"] as? String == "websocket" })
    }

    @Test("NearCast rain over the WebSocket is stored as NearCast, never as the gauge's, and in mode websocket rain today is NearCast and says so")
    func nearCastRain() throws {
        let directory = try TemporaryDirectory()
        let socket = try WeatherFlowSocket()
        let rest = try restCloud()
        let broker = try MosquittoBroker()
        let gateway = try startGateway(
            directory: directory, config: "[weatherflow]\nwebsocket_url = \"\(socket.server.baseURL)/swd/data\"\n", rest: rest,
            broker: broker)
        let database = directory.file("g.db")
        #expect(socket.waitForSubscriptions(WebSocketFixtures.deviceID, count: 1))
        let newest = Int64(Date().timeIntervalSince1970) / 60 * 60
        let sent: [(time: Int64, rain: Double)] = [(newest - 60, 0.42), (newest, 0.3)]
        for row in sent {
            socket.sendObservation(
                WebSocketFixtures.obsSt(row.time, rainMillimeters: row.rain, analysisType: 1), device: WebSocketFixtures.deviceID)
        }
        let rows = observations(database, serial: serial, count: sent.count)
        #expect(rows.map(\.rainAccumulatedMillimeters) == [nil, nil], "no gauge rain is made up")
        #expect(rows.map(\.nearCastRainAccumulationMillimeters) == sent.map(\.rain))

        func retained(_ topic: String) throws -> String {
            try ChildProcess.run(
                executable: "/usr/bin/mosquitto_sub",
                arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", topic, "-C", "1", "-W", "10"]
            ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Today's rows (in UTC, the run's zone): both, unless the minute before was yesterday.
        let day = { (time: Int64) in time / 86_400 }
        let expected = sent.filter { day($0.time) == day(newest) }.map(\.rain).reduce(0, +)
        let deadline = Date().addingTimeInterval(15)
        var published = ""
        repeat {
            published = try retained("tempest/\(serial)/rain_today")
            if abs((Double(published) ?? -1) - expected) < 0.01 { break }
            usleep(200_000)
        } while Date() < deadline
        #expect(abs((Double(published) ?? -1) - expected) < 0.01, "rain today \(published), expected \(expected)")
        let config = try retained("homeassistant/sensor/\(serial)/rain_today/config")
        #expect(config.contains(#""name":"Rain today (NearCast)""#), "\(config)")
        #expect(try retained("homeassistant/sensor/\(serial)/air_temperature/config").contains(#""name":"Temperature""#))
        #expect(try stop(gateway).status == 0)
    }

    @Test("two configured stations: every Tempest, AIR and SKY is subscribed and stored from the WebSocket")
    func twoStations() throws {
        let directory = try TemporaryDirectory()
        let socket = try WeatherFlowSocket()
        let rest = try restCloud(stations: RESTFixtures.twoStations)
        let gateway = try startGateway(
            directory: directory,
            config: "[[station]]\nstation_id = 98765\n\n[[station]]\nstation_id = 55555\n\n[weatherflow]\nwebsocket_url = \"\(socket.server.baseURL)/swd/data\"\n",
            rest: rest, broker: nil)
        let air = RESTFixtures.cabinAir
        let sky = RESTFixtures.cabinSky
        for device in [WebSocketFixtures.deviceID, air.deviceID, sky.deviceID] {
            #expect(socket.waitForSubscriptions(device, count: 1), "device \(device) subscribed")
        }
        let time = Int64(Date().timeIntervalSince1970) / 60 * 60 - 60
        socket.sendObservation(WebSocketFixtures.obsSt(time), device: WebSocketFixtures.deviceID)
        socket.sendObservation(
            #"{"type":"obs_air","device_id":\#(air.deviceID),"serial_number":"\#(air.serial)","hub_sn":"\#(RESTFixtures.cabinHub)","source":"mqtt","obs":[\#(RESTFixtures.obsAirRow(time))]}"#,
            device: air.deviceID)
        socket.sendObservation(
            #"{"type":"obs_sky","device_id":\#(sky.deviceID),"serial_number":"\#(sky.serial)","hub_sn":"\#(RESTFixtures.cabinHub)","source":"mqtt","obs":[\#(RESTFixtures.obsSkyRow(time))]}"#,
            device: sky.deviceID)
        let database = directory.file("g.db")
        let tempestRows = observations(database, serial: serial, count: 1)
        let airRows = observations(database, serial: air.serial, count: 1)
        let skyRows = observations(database, serial: sky.serial, count: 1)
        #expect(tempestRows.map(\.kind) == [.tempest])
        #expect(airRows.map(\.kind) == [.air])
        #expect(skyRows.map(\.kind) == [.sky])
        #expect((tempestRows + airRows + skyRows).allSatisfy { $0.source == .websocket && $0.timestamp == time })
        #expect(try stop(gateway).status == 0)
    }

    @Test("websocket mode without a token is refused, naming weatherflow.mode and the ways to give a token")
    func needsToken() throws {
        let directory = try TemporaryDirectory()
        let result = try Gateway.run(
            ["run", "--mode", "websocket", "--database", directory.file("g.db"), "--no-mqtt", "--no-forecast", "--seconds", "5"],
            environment: ["CREDENTIALS_DIRECTORY": directory.path])
        #expect(result.status != 0)
        #expect(result.standardError.contains("weatherflow.mode is websocket, which needs a WeatherFlow token"))
    }
}
