// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Testing

@Suite("Several stations: [[station]] tables, the one-[station] migration and the editor")
struct StationListTests {
    private func resolve(_ text: String, environment: [String: String] = [:]) -> LoadedConfiguration {
        ConfigurationLoader.resolve(fileText: text, path: "test.toml", environment: environment)
    }

    private let twoStations = """
        [mqtt]
        host = "broker.lan"

        [[station]]
        station_id = 100
        elevation = 10.5
        serials = ["ST-00000001"]

        [[station]] # the cabin
        station_id = 200
        latitude = 46.5
        longitude = 7.25
        serials = ["AR-00000002", "SK-00000003"]
        """

    @Test("A file with one [station] table loads as a list of one, exactly as before")
    func singleTableIsOneStation() throws {
        let loaded = resolve("[station]\nstation_id = 100\nelevation = 10.5\n")
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let configuration = try loaded.validConfiguration()
        #expect(configuration.stations.count == 1)
        #expect(configuration.station.stationID == 100)
        #expect(configuration.station.elevation == 10.5)
        #expect(resolve("[mqtt]\nhost = \"x\"\n").configuration.stations.count == 1)
    }

    @Test("[[station]] tables give one station each in file order; the environment sets the first")
    func arrayOfStations() throws {
        let loaded = resolve(twoStations, environment: ["TEMPEST_GATEWAY_STATION_ELEVATION": "12"])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let configuration = try loaded.validConfiguration()
        #expect(configuration.stations.map(\.stationID) == [100, 200])
        #expect(configuration.stations[0].elevation == 12)
        #expect(configuration.stations[1].elevation == nil)
        #expect(configuration.stations[1].latitude == 46.5)
        #expect(configuration.stations[1].serials == ["AR-00000002", "SK-00000003"])
        #expect(configuration.stations[1].sensorHeight == 0)
        #expect(configuration.mqtt.host == "broker.lan")
        #expect(loaded.allSettings.map(\.label).contains("station[2].latitude"))
        #expect(loaded.allSettings.filter { $0.key.section == "station" }.count == 2 * loaded.stations[0].count)
    }

    @Test("Problems name the station and the line; a shared serial or station id is a problem")
    func problemsNameTheStation() {
        let loaded = resolve(
            """
            [[station]]
            station_id = 100
            serials = ["ST-00000001"]
            [[station]]
            station_id = 100
            elevation = "high"
            serials = ["ST-00000001", "SK-00000003"]
            """)
        #expect(
            loaded.problems.map(\.description) == [
                "line 6: station[2].elevation: \"high\" is not a number; allowed: a number from -500 to 9000",
                "line 7: station[2].serials: ST-00000001 is also a device of station[1]; allowed: each device serial in one station",
                "line 5: station[2].station_id: station 100 is also station[1]; allowed: each station_id once",
            ])
    }

    @Test("A serial the environment gives the first station that the second lists too is a problem at the second station's line")
    func sharedSerialFromEnvironment() {
        let loaded = resolve(
            "[[station]]\nstation_id = 100\n[[station]]\nstation_id = 200\nserials = [\"SK-00000003\"]\n",
            environment: ["TEMPEST_GATEWAY_STATION_SERIALS": "ST-00000001,SK-00000003"])
        #expect(
            loaded.problems.map(\.description) == [
                "line 5: station[2].serials: SK-00000003 is also a device of station[1]; allowed: each device serial in one station"
            ])
    }

    @Test("Only [[station]] repeats: [[mqtt]] is a clear error")
    func otherSectionsDoNotRepeat() {
        let loaded = resolve("[[mqtt]]\nhost = \"a\"\n[[mqtt]]\nhost = \"b\"\n")
        #expect(
            loaded.problems.map(\.description) == [
                "line 1: [[mqtt]] repeats a section the gateway has once; allowed: [mqtt]; only [[station]], [[export]], [[upload]] repeat",
                "line 3: [[mqtt]] repeats a section the gateway has once; allowed: [mqtt]; only [[station]], [[export]], [[upload]] repeat",
            ])
    }

    @Test("config set station[2].key edits the second station; a station the file lacks is refused")
    func editsOneStation() throws {
        let edited = try ConfigurationEditor.setting("station[2].elevation", to: "1400", in: twoStations)
        #expect(edited.contains("[[station]] # the cabin\nstation_id = 200\nlatitude = 46.5\nlongitude = 7.25\nserials = [\"AR-00000002\", \"SK-00000003\"]\nelevation = 1400.0\n"))
        let first = try ConfigurationEditor.setting("station.elevation", to: "11", in: twoStations)
        #expect(resolve(first).configuration.stations.map(\.elevation) == [11, nil])
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.setting("station[3].elevation", to: "1", in: twoStations) }
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.setting("mqtt[2].host", to: "x", in: twoStations) }
    }

    @Test("Adding a station: none gives [station]; a single [station] becomes [[station]] tables; repeats are refused")
    func appendsStations() throws {
        let first = try ConfigurationEditor.appendingStation([("station.station_id", "100")], to: "[mqtt]\nhost = \"b\"\n")
        #expect(first == "[mqtt]\nhost = \"b\"\n\n[station]\nstation_id = 100\n")
        let original = "# mine\n[station]   # home\nstation_id = 100\nserials = [\"ST-00000001\"]\n"
        let second = try ConfigurationEditor.appendingStation(
            [("station.station_id", "200"), ("station.serials", "AR-00000002,SK-00000003")], to: original)
        #expect(
            second == "# mine\n[[station]]   # home\nstation_id = 100\nserials = [\"ST-00000001\"]\n\n"
                + "[[station]]\nstation_id = 200\nserials = [\"AR-00000002\", \"SK-00000003\"]\n")
        let loaded = resolve(second)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.configuration.stations.map(\.stationID) == [100, 200])
        #expect(throws: ConfigurationError.self) {
            try ConfigurationEditor.appendingStation([("station.station_id", "100")], to: second)
        }
    }
}
