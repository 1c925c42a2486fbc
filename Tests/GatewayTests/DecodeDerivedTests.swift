// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `decode --derived`: the numbers, checkable from outside.
@Suite("decode --derived")
struct DecodeDerivedTests {
    /// An obs_st row carrying the reference's check inputs: 10.5 °C, 22 %, 782.8 mb.
    let checkRow = #"{"serial_number":"ST-00215509","type":"obs_st","obs":[[1720830600,4.1,12.7,24.6,141,3,782.8,10.5,22,18750,1.02,156,1.52,1,9,7,2.769,1]]}"#

    func derived(_ input: String, _ arguments: [String]) throws -> [String: Any] {
        let result = try Gateway.run(["decode", "--derived"] + arguments, input: input + "\n")
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try Gateway.jsonLines(result.standardOutput).first)
        let row = try #require((object["obs"] as? [[String: Any]])?.first)
        return try #require(row["derived"] as? [String: Any])
    }

    func number(_ object: [String: Any], _ key: String) -> Double? {
        (object[key] as? NSNumber)?.doubleValue
    }

    @Test("the reference's check values come out of the binary")
    func checkValues() throws {
        let values = try derived(checkRow, ["--elevation", "2063.15", "--sensor-height", "1.8288", "--timezone", "America/Denver"])
        #expect(abs(number(values, "dew_point")! - -10.35) < 0.005)
        #expect(abs(number(values, "wet_bulb")! - 2.13) < 0.005)
        #expect(abs(number(values, "air_density")! - 0.96139) < 0.000_005)
        #expect(abs(number(values, "sea_level_pressure")! - 1006.20) < 0.005)
        #expect(abs(number(values, "delta_t")! - (10.5 - 2.13)) < 0.01)
        #expect(number(values, "feels_like") == 10.5)
        #expect(number(values, "rain_rate") == 91.2)
        #expect(values["rain_intensity"] as? String == "Violent")
        #expect(values["cardinal_direction"] as? String == "SE")
        #expect(number(values, "beaufort") == 6)
        #expect(values["uv_category"] as? String == "Low")
        #expect(number(values, "power_save_mode") == 0)
        #expect(values["local_date"] as? String == "2024-07-12")
    }

    @Test("without an elevation there is no sea-level pressure; missing inputs stay null")
    func missing() throws {
        let values = try derived(checkRow, [])
        #expect(values["sea_level_pressure"] is NSNull)
        #expect(values["local_date"] == nil)
        let modeThree = #"{"serial_number":"ST-1","type":"obs_st","obs":[[1705420800,null,null,null,null,300,1012.33,null,91.2,1650,0.03,14,0,0,0,0,2.351,1]]}"#
        let sparse = try derived(modeThree, ["--elevation", "100"])
        for key in ["dew_point", "feels_like", "wind_chill", "wet_bulb", "beaufort", "cardinal_direction"] {
            #expect(sparse[key] is NSNull, "\(key)")
        }
        #expect(number(sparse, "power_save_mode") == 3)
        #expect(sparse["battery_level"] as? String == "Critical")
        #expect(number(sparse, "sea_level_pressure") != nil)
    }

    @Test("every fixture obs row gets a derived object")
    func fixtures() throws {
        for name in ["obs_st", "obs_air", "obs_sky"] {
            let result = try Gateway.run(["decode", "--derived", "--elevation", "50", Gateway.fixturePath(name)])
            for object in try Gateway.jsonLines(result.standardOutput) {
                for row in try #require(object["obs"] as? [[String: Any]]) {
                    #expect(row["derived"] is [String: Any], "\(name)")
                }
            }
        }
    }

    @Test("an unknown time zone is an error that names it")
    func unknownZone() throws {
        let result = try Gateway.run(["decode", "--derived", "--timezone", "Mars/Olympus_Mons"], input: checkRow + "\n")
        #expect(result.status != 0)
        #expect(result.standardError.contains("Mars/Olympus_Mons"))
    }
}
