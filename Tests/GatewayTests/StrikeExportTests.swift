// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Storage
import TempestTestKit
import Testing

/// `export` of the cloud's strike marks and of the nearby-strikes feed,
/// through the built binary.
@Suite("strike export")
struct StrikeExportTests {
    @Test("lightning_strikes gains cloud_mark; nearby_strikes exports the feed, null where the cloud gave nothing")
    func exportsMarksAndNearbyStrikes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("strikes.db")
        let time: Int64 = 1_720_850_460
        do {
            let store = try Store(path: path)
            try store.write {
                _ = try store.insert(LightningStrikeRecord(serial: "ST-00054321", timestamp: time, distanceKilometers: 12, energy: 3_848))
                _ = try store.insert(
                    LightningStrikeRecord(serial: "ST-00054321", timestamp: time, distanceKilometers: 14, energy: -20, cloudMark: .confirmed))
                _ = try store.insert(
                    NearbyStrikeRecord(
                        stationID: 4_242, timestamp: time, latitude: 52.5, longitude: 13.25, distanceKilometers: 32, energy: nil,
                        cloudMark: nil))
            }
        }
        let range = ["--from", "2024-07-13", "--to", "2024-07-14", "--timezone", "UTC", "--database", path]
        let csv = try Gateway.run(["export", "--table", "lightning_strikes", "--format", "csv"] + range)
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(csv.standardOutput == "serial_number,timestamp,distance,energy,cloud_mark\nST-00054321,1720850460,12,3848,confirmed\n")
        let nearby = try Gateway.jsonLines(
            try Gateway.run(["export", "--table", "nearby_strikes", "--format", "jsonl"] + range).standardOutput)
        #expect(nearby.count == 1)
        #expect(nearby.first?["station_id"] as? Int == 4_242)
        #expect(nearby.first?["latitude"] as? Double == 52.5)
        #expect(nearby.first?["distance"] as? Int == 32)
        #expect(nearby.first?["energy"] is NSNull)
        #expect(nearby.first?["cloud_mark"] is NSNull)
        let nearbyCSV = try Gateway.run(["export", "--table", "nearby_strikes", "--format", "csv"] + range)
        #expect(nearbyCSV.standardOutput == "station_id,timestamp,latitude,longitude,distance,energy,cloud_mark\n4242,1720850460,52.5,13.25,32,,\n")
    }
}
