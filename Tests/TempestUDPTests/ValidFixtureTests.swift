// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestUDP

/// Every valid fixture line decodes to exactly the values it holds. The
/// oracle is Foundation's own JSON parser reading the same line: each value
/// of the canonical output must equal the value at the documented index of
/// the input (or the named key), `null` staying `null`.
@Suite("Valid datagrams")
struct ValidFixtureTests {
    /// Canonical field names per positional index (protocol spec section 3).
    static let rowLayouts: [String: [String]] = [
        "obs_st": [
            "timestamp", "wind_lull", "wind_avg", "wind_gust", "wind_direction", "wind_sample_interval",
            "station_pressure", "air_temperature", "relative_humidity", "illuminance", "uv", "solar_radiation",
            "rain_accumulated", "precipitation_type", "lightning_strike_avg_distance", "lightning_strike_count",
            "battery", "report_interval",
        ],
        "obs_air": [
            "timestamp", "station_pressure", "air_temperature", "relative_humidity", "lightning_strike_count",
            "lightning_strike_avg_distance", "battery", "report_interval",
        ],
        "obs_sky": [
            "timestamp", "illuminance", "uv", "rain_accumulated", "wind_lull", "wind_avg", "wind_gust",
            "wind_direction", "battery", "report_interval", "solar_radiation", "local_day_rain_accumulation",
            "precipitation_type", "wind_sample_interval",
        ],
    ]
    static let flatLayouts: [String: (key: String, names: [String])] = [
        "rapid_wind": ("ob", ["timestamp", "wind_speed", "wind_direction"]),
        "evt_precip": ("evt", ["timestamp"]),
        "evt_strike": ("evt", ["timestamp", "distance", "energy"]),
    ]

    static var allValidLines: [(file: String, line: Int)] {
        FixtureLoader.validFiles.flatMap { file in
            (try! FixtureLoader.datagrams(file).count).toRange.map { (file, $0 + 1) }
        }
    }

    @Test("the valid fixture files hold the 44 documented lines")
    func lineCount() {
        #expect(Self.allValidLines.count == 44)
    }

    @Test("every valid fixture line decodes to the values it holds", arguments: allValidLines)
    func decodesToItsValues(file: String, line: Int) throws {
        let datagram = try FixtureLoader.datagrams(file)[line - 1]
        let result = DatagramDecoder().decode(datagram)
        guard case .decoded(let message, let diagnostics) = result else {
            Issue.record("\(file) line \(line): \(result)")
            return
        }
        #expect(diagnostics == DecodeDiagnostics(), "\(file) line \(line) raised \(diagnostics)")
        #expect(message.type.rawValue == file)

        let input = try #require(try JSONSerialization.jsonObject(with: Data(datagram)) as? [String: Any])
        let output = try #require(
            try JSONSerialization.jsonObject(with: Data(message.canonicalJSON().utf8)) as? [String: Any]
        )
        for key in ["type", "serial_number", "hub_sn", "firmware_revision"] {
            #expect(Self.same(input[key], output[key]), "\(file) line \(line) key \(key)")
        }
        if let layout = Self.rowLayouts[file] {
            let inputRows = try #require(input["obs"] as? [[Any]])
            let outputRows = try #require(output["obs"] as? [[String: Any]])
            #expect(inputRows.count == outputRows.count)
            for (inputRow, outputRow) in zip(inputRows, outputRows) {
                for (index, name) in layout.enumerated() {
                    #expect(Self.same(inputRow[index], outputRow[name]), "\(file) line \(line) field \(name)")
                }
            }
        } else if let layout = Self.flatLayouts[file] {
            let values = try #require(input[layout.key] as? [Any])
            for (index, name) in layout.names.enumerated() {
                #expect(Self.same(values[index], output[name]), "\(file) line \(line) field \(name)")
            }
        } else {
            for (key, value) in input where key != "type" {
                #expect(Self.same(value, output[key]), "\(file) line \(line) key \(key)")
            }
        }
    }

    /// Equal as JSON values: numbers numerically, null only to null.
    static func same(_ lhs: Any?, _ rhs: Any?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (is NSNull, is NSNull): return true
        case (let left as NSNumber, let right as NSNumber): return left.doubleValue == right.doubleValue
        case (let left as String, let right as String): return left == right
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        default: return false
        }
    }
}

extension Int {
    fileprivate var toRange: Range<Int> { 0..<self }
}
