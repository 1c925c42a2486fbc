// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import Testing
import TempestTestKit

/// Issue #26, item 2, on the built binary with a real broker: 2,000
/// datagrams from distinct serials leave the first 16 devices (and their
/// hub) as the station's and every other serial counted, not stored, not
/// announced, no metrics series of its own.
@Suite("bounded devices, end to end", .serialized)
struct DeviceBoundTests {
    @Test("2,000 distinct serials: at most N device rows, a small status, no series or discovery for the refused")
    func distinctSerials() throws {
        let broker = try MosquittoBroker()
        let discovery = try ChildProcess(
            executable: "/usr/bin/mosquitto_sub",
            arguments: ["-h", "127.0.0.1", "-p", String(broker.port), "-t", "homeassistant/#", "-t", "tempest/#", "-v"])
        try discovery.start()
        defer { discovery.send(signal: SIGTERM) }
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let udpPort = try FreePort.udp()
        let metricsPort = try FreePort.tcp()
        let limit = 16
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: [
                "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(udpPort), "--print", "none",
                "--timezone", "UTC", "--mqtt-host", "127.0.0.1", "--mqtt-port", String(broker.port),
                "--metrics-port", String(metricsPort), "--max-devices", String(limit),
            ])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        let sender = try UDPSender(port: udpPort)
        let now = Int64(Date().timeIntervalSince1970)
        let count = 2_000
        let serials = (0..<count).map { String(format: "ST-%08d", 26_000_000 + $0) }
        for (index, serial) in serials.enumerated() {
            try sender.send(
                #"{"serial_number":"\#(serial)","type":"obs_st","hub_sn":"HB-00026100","obs":[[\#(now),0.5,1,2,90,3,1000,20,50,0,0,0,0,1,0,0,2.6,1]]}"#)
            if index % 200 == 199 { usleep(20_000) }
        }
        var report: [String: Any] = [:]
        var statusBytes = 0
        for _ in 0..<100 {
            let status = try Gateway.run(["status", "--json", "--database", database])
            statusBytes = status.standardOutput.utf8.count
            report = (try? JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]) ?? [:]
            if (report["udp"] as? [String: Any])?["received"] as? Int == count { break }
            usleep(100_000)
        }
        let udp = try #require(report["udp"] as? [String: Any])
        #expect(udp["received"] as? Int == count)
        #expect(udp["unknown_device"] as? Int == count - limit)
        #expect(statusBytes < 100_000, "status --json is \(statusBytes) bytes")
        let admission = try #require(report["device_admission"] as? [String: Any])
        #expect(admission["admitted_devices"] as? Int == limit)
        #expect(admission["admitted_hubs"] as? Int == 1)
        let refused = try #require(admission["refused"] as? [[String: Any]])
        #expect(refused.count <= 1_000 && refused.count > 0)
        #expect(refused.first?["serial_number"] as? String == serials.last)
        #expect((report["devices"] as? [Any])?.count == limit)

        let metrics = try ChildProcess.run(executable: "/usr/bin/curl", arguments: ["-s", "http://127.0.0.1:\(metricsPort)/metrics"])
        let seriesSerials = Set(
            metrics.standardOutput.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "serial=\"") else { return nil }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            })
        #expect(seriesSerials == Set(serials.prefix(limit)))
        #expect(metrics.standardOutput.contains("tempest_gateway_unknown_device_total \(count - limit)"))

        usleep(500_000)
        gateway.send(signal: SIGTERM)
        #expect(try gateway.wait(timeoutSeconds: 30).status == 0)
        let store = try Store(readOnlyPath: database)
        let rows = try store.devices()
        #expect(rows.count <= limit + 1)
        // The hub has a row once it sends hub_status; this test sends none.
        #expect(Set(rows.map(\.serial)).subtracting(["HB-00026100"]) == Set(serials.prefix(limit)))
        // Every topic level and every word of every payload seen: a refused
        // serial must appear in none (a set, not a search of the text per serial).
        let published = discovery.standardOutputSoFar
        let words = Set(published.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init))
        let announcedRefused = serials.dropFirst(limit).filter { words.contains($0) }
        #expect(announcedRefused.isEmpty, "published topics for \(announcedRefused.count) refused serials")
        #expect(published.contains("homeassistant/") && words.contains(serials[0]))
    }

    @Test("a restart keeps the devices admitted before: a newcomer heard first after it is still refused")
    func restartKeepsAdmitted() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("g.db")
        let udpPort = try FreePort.udp()
        let now = Int64(Date().timeIntervalSince1970)
        func datagram(_ serial: String, _ timestamp: Int64) -> String {
            #"{"serial_number":"\#(serial)","type":"obs_st","obs":[[\#(timestamp),0.5,1,2,90,3,1000,20,50,0,0,0,0,1,0,0,2.6,1]]}"#
        }
        for (round, serials) in [["ST-00000101", "ST-00000102", "ST-00000103"], ["ST-00000103", "ST-00000101"]].enumerated() {
            let gateway = try ChildProcess(
                executable: Gateway.path,
                arguments: [
                    "run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(udpPort), "--print",
                    "none", "--no-mqtt", "--timezone", "UTC", "--max-devices", "2",
                ])
            try gateway.start()
            #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
            let sender = try UDPSender(port: udpPort)
            for serial in serials {
                try sender.send(datagram(serial, now + Int64(round)))
                usleep(100_000)
            }
            usleep(300_000)
            gateway.send(signal: SIGTERM)
            let result = try gateway.wait(timeoutSeconds: 30)
            #expect(result.status == 0)
            #expect(result.standardError.contains("unknown device 1"), "round \(round): \(result.standardError)")
        }
        let store = try Store(readOnlyPath: database)
        #expect(try store.devices().map(\.serial) == ["ST-00000101", "ST-00000102"])
        #expect(try store.observations(serial: "ST-00000101", from: 0, to: Int64.max).count == 2)
    }
}
