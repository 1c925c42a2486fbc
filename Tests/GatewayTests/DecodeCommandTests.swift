// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `tempest-gateway decode`, through the built binary.
@Suite("decode command")
struct DecodeCommandTests {
    @Test("one JSON object per input line, in order, for every fixture file")
    func everyFixtureFile() throws {
        for name in ["obs_st", "obs_air", "obs_sky", "rapid_wind", "evt_precip", "evt_strike", "device_status", "hub_status"] {
            let result = try Gateway.run(["decode", Gateway.fixturePath(name)])
            #expect(result.status == 0, "\(name): \(result.standardError)")
            let inputLines = try String(contentsOfFile: Gateway.fixturePath(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let objects = try Gateway.jsonLines(result.standardOutput)
            #expect(objects.count == inputLines.count, "\(name)")
            for (object, line) in zip(objects, inputLines) {
                let input = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["type"] as? String == name)
                #expect(object["serial_number"] as? String == input["serial_number"] as? String)
                #expect(object["error"] == nil)
            }
        }
    }

    @Test("obs rows are objects with canonical names; null stays null")
    func obsRows() throws {
        let result = try Gateway.run(["decode", Gateway.fixturePath("obs_st")])
        let objects = try Gateway.jsonLines(result.standardOutput)
        let modeThree = try #require((objects[3]["obs"] as? [[String: Any]])?.first)
        #expect(modeThree["timestamp"] as? Int == 1_705_420_800)
        #expect(modeThree["wind_avg"] is NSNull)
        #expect(modeThree["wind_sample_interval"] as? Int == 300)
        #expect(modeThree["station_pressure"] as? Double == 1012.33)
        let twoRows = try #require(objects[11]["obs"] as? [[String: Any]])
        #expect(twoRows.map { $0["timestamp"] as? Int } == [1_705_338_000, 1_705_338_060])
        #expect(objects[0]["hub_sn"] as? String == "HB-00094417")
        #expect(objects[0]["firmware_revision"] as? Int == 179)
    }

    @Test("malformed lines give line, error and detail; exit status stays 0")
    func malformed() throws {
        let result = try Gateway.run(["decode", Gateway.fixturePath("malformed")])
        #expect(result.status == 0)
        let objects = try Gateway.jsonLines(result.standardOutput)
        #expect(objects.count == 51)
        for (index, object) in objects.enumerated() {
            let line = index + 1
            switch line {
            case 13:
                #expect(object["type"] as? String == "obs_st")
                #expect((object["diagnostics"] as? [String: Any])?["unexpected_serial_prefix"] as? Bool == true)
            case 15, 16:
                #expect(object["line"] as? Int == line)
                #expect(object["error"] as? String == "unknown_type")
                #expect(object["ignored"] as? Bool == true)
            default:
                #expect(object["line"] as? Int == line, "line \(line)")
                #expect((object["error"] as? String)?.isEmpty == false, "line \(line)")
                #expect((object["detail"] as? String)?.isEmpty == false, "line \(line)")
            }
        }
        #expect(objects[43]["error"] as? String == "too_deep")
    }

    @Test("reads standard input, by default and with -")
    func standardInput() throws {
        let input = #"{"serial_number":"ST-00000512","type":"rapid_wind","ob":[1588948614,0.18,144]}"# + "\nnot json\n"
        for arguments in [["decode"], ["decode", "-"]] {
            let result = try Gateway.run(arguments, input: input)
            let objects = try Gateway.jsonLines(result.standardOutput)
            #expect(objects.count == 2)
            #expect(objects[0]["wind_speed"] as? Double == 0.18)
            #expect(objects[1]["error"] as? String == "invalid_json")
            #expect(objects[1]["line"] as? Int == 2)
        }
    }

    @Test("a missing file is a clear error with a non-zero status")
    func missingFile() throws {
        let result = try Gateway.run(["decode", "/nonexistent/capture.jsonl"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("cannot open '/nonexistent/capture.jsonl'"))
    }
}
