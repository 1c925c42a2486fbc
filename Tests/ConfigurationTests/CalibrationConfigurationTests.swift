// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Meteorology
import Testing

@Suite("[station.calibration]: after [station], after each [[station]], its defaults and its bounds")
struct CalibrationConfigurationTests {
    private func resolve(_ text: String, environment: [String: String] = [:]) -> LoadedConfiguration {
        ConfigurationLoader.resolve(fileText: text, path: "test.toml", environment: environment)
    }

    @Test("Without a table every station changes nothing")
    func defaultsChangeNothing() throws {
        let configuration = try resolve("[station]\nstation_id = 100\n").validConfiguration()
        #expect(configuration.station.calibration == .none)
        #expect(GatewayConfiguration().station.calibration == .none)
    }

    @Test("[station.calibration] after [station] sets its keys; the others keep their defaults")
    func singleStation() throws {
        let loaded = resolve(
            """
            [station]
            station_id = 100

            [station.calibration]
            temperature_offset_c = -1.5
            rain_factor = 1.1
            wind_direction_offset_degrees = 12
            """)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let calibration = try loaded.validConfiguration().station.calibration
        #expect(calibration == Calibration(temperatureOffsetCelsius: -1.5, windDirectionOffsetDegrees: 12, rainFactor: 1.1))
    }

    @Test("[station.calibration] after a [[station]] belongs to that station, the second one's too when the first has none")
    func eachStationItsOwn() throws {
        let loaded = resolve(
            """
            [[station]]
            station_id = 100
            serials = ["ST-00000001"]

            [[station]]
            station_id = 200
            serials = ["ST-00000002"]
            [station.calibration]
            humidity_offset_percent = 3
            uv_factor = 0.9

            [[station]]
            station_id = 300
            [station.calibration]
            pressure_offset_hpa = -0.7
            """)
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        let stations = try loaded.validConfiguration().stations
        #expect(stations.map(\.stationID) == [100, 200, 300])
        #expect(stations[0].calibration == .none)
        #expect(stations[1].calibration == Calibration(humidityOffsetPercent: 3, uvFactor: 0.9))
        #expect(stations[2].calibration == Calibration(pressureOffsetHectopascals: -0.7))
        #expect(loaded.allSettings.map(\.label).contains("station[2].calibration.uv_factor"))
    }

    @Test("Nonsense is refused naming the key: a factor of 0 or below, an absurd factor, an offset beyond its bounds")
    func nonsenseIsRefused() {
        let loaded = resolve(
            """
            [[station]]
            station_id = 100
            [station.calibration]
            rain_factor = 0
            wind_speed_factor = -1
            [[station]]
            station_id = 200
            [station.calibration]
            temperature_offset_c = 40
            illuminance_factor = 10
            """)
        #expect(
            loaded.problems.map(\.description) == [
                "line 4: station[1].calibration.rain_factor: 0 is out of range; allowed: a number from 0.5 to 2",
                "line 5: station[1].calibration.wind_speed_factor: -1 is out of range; allowed: a number from 0.5 to 2",
                "line 9: station[2].calibration.temperature_offset_c: 40 is out of range; allowed: a number from -10 to 10",
                "line 10: station[2].calibration.illuminance_factor: 10 is out of range; allowed: a number from 0.5 to 2",
            ])
    }

    @Test("An unknown calibration key, a repeated table and [[station.calibration]] are problems")
    func unknownAndRepeated() {
        let unknown = resolve("[station]\n[station.calibration]\nwind_offset = 3\n")
        #expect(unknown.problems.map(\.key) == ["station.calibration.wind_offset"])
        #expect(unknown.problems.first?.problem == "unknown key")
        let twice = resolve("[[station]]\n[station.calibration]\nuv_factor = 1\n[station.calibration]\nrain_factor = 1\n")
        #expect(twice.problems.count == 1)
        #expect(twice.problems.first?.line == 4)
        let array = resolve("[station]\n[[station.calibration]]\n")
        #expect(!array.problems.isEmpty)
    }

    @Test("The environment sets the first station's calibration")
    func environment() throws {
        let loaded = resolve("[station]\n", environment: ["TEMPEST_GATEWAY_STATION_CALIBRATION_RAIN_FACTOR": "1.2"])
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(try loaded.validConfiguration().station.calibration.rainFactor == 1.2)
    }

    @Test("config set writes a calibration key into the station's [station.calibration] table, after its example, else into its station's table")
    func editing() throws {
        let shipped = "[station]\nstation_id = 100\n\n[station.calibration]\n# Multiplies the rain.\n# rain_factor = 1.0\n\n# uv_factor = 1.0\n[mqtt]\n"
        let edited = try ConfigurationEditor.setting("station.calibration.rain_factor", to: "1.1", in: shipped)
        #expect(edited == "[station]\nstation_id = 100\n\n[station.calibration]\n# Multiplies the rain.\n# rain_factor = 1.0\nrain_factor = 1.1\n\n# uv_factor = 1.0\n[mqtt]\n")
        #expect(try resolve(edited).validConfiguration().station.calibration.rainFactor == 1.1)
        let twoStations = "[[station]]\nstation_id = 1\n[[station]]\nstation_id = 2\n[station.calibration]\nuv_factor = 0.9\n"
        let second = try ConfigurationEditor.setting("station[2].calibration.rain_factor", to: "1.2", in: twoStations)
        #expect(second == "[[station]]\nstation_id = 1\n[[station]]\nstation_id = 2\n[station.calibration]\nuv_factor = 0.9\nrain_factor = 1.2\n")
        let first = try ConfigurationEditor.setting("station[1].calibration.rain_factor", to: "1.3", in: twoStations)
        let stations = try resolve(first).validConfiguration().stations
        #expect(stations.map(\.calibration.rainFactor) == [1.3, 1])
        #expect(stations[1].calibration.uvFactor == 0.9)
        #expect(throws: ConfigurationError.self) { try ConfigurationEditor.setting("station.calibration.rain_factor", to: "3", in: shipped) }
    }
}
