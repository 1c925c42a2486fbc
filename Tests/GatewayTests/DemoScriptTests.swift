// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `scripts/demo.sh`: a newcomer without a hub sees the sample day reach
/// MQTT and SQLite. Run here with the test build and a faster replay.
@Suite("demo script")
struct DemoScriptTests {
    @Test("the sample day reaches the private broker and the database, and the demo cleans up after itself")
    func wholePipeline() throws {
        let result = try ChildProcess.run(
            executable: "/bin/bash", arguments: [BuiltProducts.packageRoot + "/scripts/demo.sh", "--speed", "2880"],
            environment: ["TEMPEST_DEMO_BINARY": Gateway.path], timeoutSeconds: 150)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("Broker: a private mosquitto on 127.0.0.1 port"))
        // Every observation stored reached the broker as an event. (The test
        // build on a busy CI machine may miss a few datagrams in the kernel,
        // so the count is the database's, and most of the day's 1,440.)
        func number(after label: String) -> Int? {
            output.split(separator: "\n").first { $0.hasPrefix(label) }.flatMap { Int($0.dropFirst(label.count)) }
        }
        let stored = number(after: "  observations: ") ?? 0
        #expect(stored > 1_300)
        #expect(number(after: "observation events: ") == stored)
        #expect(output.contains("gateway status, last published: offline"))
        // The third tree: Home Assistant discovery for the Tempest, its hub
        // and the gateway (55 entities when this was written, each config
        // counted once; a floor, so that adding an entity does not break
        // the demo).
        #expect((number(after: "Home Assistant entities announced: ") ?? 0) >= 50)
        // The shower and the thunderstorm of the sample day, in the retained daily totals.
        let rain = output.split(separator: "\n").first { $0.hasPrefix("last value of tempest/ST-00054321/rain_today:") }
        let millimetres = rain.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
        #expect(millimetres > 20, "\(rain ?? "no rain_today line")")
        let strikes = output.split(separator: "\n").first { $0.hasPrefix("last value of tempest/ST-00054321/lightning_strikes_today:") }
        #expect((strikes.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0) > 100, "\(strikes ?? "no strikes line")")
        // The web page, with the sample day's charts, while the gateway ran.
        #expect(output.contains("Web page: http://127.0.0.1:"), "\(output)")
        for path in ["/", "/charts?day=2024-07-13", "/health"] {
            #expect(output.contains("answer to \(path): 200, "), "\(path): \(output)")
        }
        // The temporary folder is gone.
        let folder = output.split(separator: "\n").first { $0.hasPrefix("Gateway: listening") }
            .flatMap { $0.split(separator: " ").last }.map { String($0.dropLast()) }
        #expect(folder.map { !FileManager.default.fileExists(atPath: $0) } ?? false)
    }
}
