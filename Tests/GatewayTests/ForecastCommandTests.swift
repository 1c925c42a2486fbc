// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `forecast` listing the catalog, and fetching from a local server standing in for Open-Meteo.
@Suite("forecast command")
struct ForecastCommandTests {
    @Test("--catalog lists every category with labels before values, without colour under NO_COLOR")
    func catalogText() throws {
        let result = try Gateway.run(["forecast", "--catalog"], environment: ["NO_COLOR": "1", "TERM": "xterm"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for category in ["Temperature", "Humidity", "Wind", "Precipitation", "Pressure", "Clouds", "Solar", "Soil", "Atmosphere"] {
            #expect(output.contains("Category: \(category), "), "\(category)")
        }
        #expect(output.contains(
            "  Name: temperature_2m. Unit: degrees Celsius. Available: current, 15-minute, hourly. Default: current, hourly. Air temperature"))
        #expect(output.contains("Name: sunrise. Unit: time of day (Unix seconds). Available: daily. Default: daily."))
        #expect(output.contains("Name: soil_temperature_0cm. Unit: degrees Celsius. Available: current, hourly. Default: no."))
        #expect(!output.contains("\u{1B}["))
    }

    @Test("--catalog --json is one array with every default")
    func catalogJSON() throws {
        let result = try Gateway.run(["forecast", "--catalog", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.count > 60)
        let byName = Dictionary(uniqueKeysWithValues: array.map { ($0["name"] as! String, $0) })
        #expect(byName.count == array.count)
        #expect(byName["wind_gusts_10m"]?["unit"] as? String == "m/s")
        #expect(byName["wind_gusts_10m"]?["unit_name"] as? String == "metres per second")
        #expect(byName["precipitation_sum"]?["default_resolutions"] as? [String] == ["daily"])
        #expect(byName["weather_code"]?["resolutions"] as? [String] == ["current", "minutely_15", "hourly", "daily"])
    }

    @Test("fetches from the given server, prints now, hours and days, and never shows the API key")
    func fetch() throws {
        let hour = Int(Date().timeIntervalSince1970) / 3600 * 3600
        let body = """
            {"latitude":39.75,"longitude":-105.0,"utc_offset_seconds":0,"timezone":"UTC","elevation":1609.0,
             "current":{"time":\(hour),"interval":900,"temperature_2m":10.4,"weather_code":3,"wind_speed_10m":null},
             "hourly":{"time":[\(hour),\(hour + 3600)],"temperature_2m":[10.1,null],"precipitation_probability":[5,20]},
             "daily":{"time":[\(hour / 86400 * 86400)],"temperature_2m_max":[14.2],"sunrise":[\(hour / 86400 * 86400 + 6 * 3600 + 30 * 60)],
                      "daylight_duration":[35160.0]}}
            """
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: body))
        let arguments = ["forecast", "--open-meteo-api", server.baseURL, "--latitude", "39.7392", "--longitude=-104.9903",
                         "--timezone", "UTC", "--hours", "2"]
        let result = try Gateway.run(arguments, environment: ["NO_COLOR": "1", "TEMPEST_OPEN_METEO_API_KEY": "om-secret-42"])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("Forecast from Open-Meteo: model grid cell at latitude 39.75, longitude -105, elevation 1609 metres, time zone UTC."))
        // Now: labels before values, units spelled out.
        #expect(output.contains("  Weather: 3, overcast\n  Temperature: 10.4 degrees Celsius\n  Wind: no value\n"))
        #expect(!output.contains("temperature_2m"))
        // Hours: a table, units spelled out first, "-" for a missing value.
        let clock = { (seconds: Int) in String(format: "%02d:00", seconds % 86400 / 3600) }
        #expect(output.contains("""
            Next 2 hours:
              Units: °C degrees Celsius, % percent.
              Time   Temperature (°C)  Chance of rain (%)
              \(clock(hour))  10.1              5
              \(clock(hour + 3600))  -                 20

            """))
        // Days: only the columns with values.
        #expect(output.contains("""
            Next 1 day:
              Units: °C degrees Celsius, h:min hours and minutes.
              Date        High (°C)  Sunrise  Daylight (h:min)
            """))
        #expect(output.contains("  14.2       06:30    9:46\n"))
        let request = try #require(server.requests.first)
        #expect(request.queryValue("apikey") == "om-secret-42")
        #expect(request.queryValue("longitude") == "-104.9903")
        #expect(request.queryValue("timezone") == "UTC")
        #expect(!output.contains("om-secret-42"))

        server.route("/v1/forecast", .init(status: 400, body: #"{"error":true,"reason":"Latitude must be in range of -90 to 90°."}"#))
        let failed = try Gateway.run(arguments, environment: ["TEMPEST_OPEN_METEO_API_KEY": "om-secret-42"])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("Open-Meteo rejected the request (HTTP 400): Latitude must be in range"))
        #expect(!failed.standardError.contains("om-secret-42"))
    }

    @Test("chosen variables replace the defaults per resolution; unknown ones are refused before any request")
    func chosenVariables() throws {
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: #"{"hourly":{"time":[1700000000],"cloud_cover":[40]}}"#))
        let place = ["forecast", "--open-meteo-api", server.baseURL, "--latitude=-33.8688", "--longitude", "151.2093", "--timezone", "UTC"]
        let result = try Gateway.run(
            place + ["--current", "", "--hourly", "cloud_cover, uv_index", "--minutely-15", "lightning_potential", "--forecast-days", "3"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let request = try #require(server.requests.first)
        #expect(request.queryValue("current") == nil)
        #expect(request.queryValue("hourly") == "cloud_cover,uv_index")
        #expect(request.queryValue("minutely_15") == "lightning_potential")
        #expect(request.queryValue("daily")?.hasPrefix("temperature_2m_max,temperature_2m_min,") == true)
        #expect(request.queryValue("latitude") == "-33.8688")
        #expect(result.standardOutput.contains("Cost: 1.2 of Open-Meteo's weighted calls per attempt (12 variables, 3 days)."))

        let refused = try Gateway.run(place + ["--hourly", "sunrise,bogus"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("not available as hourly variables: sunrise, bogus"))
        #expect(server.requests.count == 1)
    }

    @Test("without a place or --catalog it explains what is missing")
    func missingPlace() throws {
        let result = try Gateway.run(["forecast", "--latitude", "1"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("pass --latitude and --longitude"))
    }
}

/// `forecast` with no --timezone: the configured station's zone, else
/// Open-Meteo's `auto`; and --units, else the configured units.
@Suite("forecast command: time zone and units")
struct ForecastZoneAndUnitsTests {
    @Test("--latitude 40.0 --longitude -105.0 alone asks for timezone=auto and prints in the zone the answer names")
    func automaticZone() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "# nothing set\n".write(toFile: config, atomically: true, encoding: .utf8)
        let hour = Int(Date().timeIntervalSince1970) / 3600 * 3600
        let body = """
            {"latitude":40.0,"longitude":-105.0,"utc_offset_seconds":-25200,"timezone":"America/Denver",
             "timezone_abbreviation":"GMT-7","hourly":{"time":[\(hour)],"temperature_2m":[3.5],"freezing_level_height":[2500]}}
            """
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: body))
        let result = try Gateway.run(
            ["forecast", "--config", config, "--open-meteo-api", server.baseURL, "--latitude", "40.0", "--longitude", "-105.0"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let request = try #require(server.requests.first)
        #expect(request.queryValue("timezone") == "auto")
        #expect(request.queryValue("longitude").flatMap(Double.init) == -105)
        #expect(request.queryValue("latitude").flatMap(Double.init) == 40)
        #expect(result.standardOutput.contains("time zone America/Denver."))
        let local = ((hour - 25_200) % 86_400 + 86_400) % 86_400 / 3600
        // A variable without a short label is called by the catalog's description.
        #expect(result.standardOutput.contains("Temperature (°C)  The height above sea level where the air reaches 0 degrees Celsius (km)\n"))
        #expect(result.standardOutput.contains("\n  \(String(format: "%02d", local)):00  3.5               2.5\n"), "\(result.standardOutput)")
    }

    @Test("the configured station zone and units are the defaults; --timezone and --units win")
    func configuredDefaults() throws {
        let directory = try TemporaryDirectory()
        let config = directory.file("config.toml")
        try "[station]\ntimezone = \"Europe/Berlin\"\n[mqtt]\nunits = \"imperial\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let body = #"{"utc_offset_seconds":3600,"timezone":"Europe/Berlin","current":{"time":1700000000,"temperature_2m":20.0,"wind_speed_10m":10.0}}"#
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: body))
        let place = ["forecast", "--config", config, "--open-meteo-api", server.baseURL, "--latitude", "52.52", "--longitude", "13.41"]
        let configured = try Gateway.run(place, environment: ["NO_COLOR": "1"])
        #expect(configured.status == 0, "\(configured.standardError)")
        #expect(server.requests.last?.queryValue("timezone")?.removingPercentEncoding == "Europe/Berlin")
        #expect(configured.standardOutput.contains("  Temperature: 68 degrees Fahrenheit\n"))
        #expect(configured.standardOutput.contains("  Wind: 22.4 miles per hour\n"))

        let chosen = try Gateway.run(place + ["--timezone", "UTC", "--units", "metric"], environment: ["NO_COLOR": "1"])
        #expect(chosen.status == 0, "\(chosen.standardError)")
        #expect(server.requests.last?.queryValue("timezone") == "UTC")
        #expect(chosen.standardOutput.contains("  Temperature: 20 degrees Celsius\n"))
        #expect(chosen.standardOutput.contains("  Wind: 10 metres per second\n"))

        // JSON is Open-Meteo's answer, whatever the units.
        let json = try Gateway.run(place + ["--json"])
        #expect(json.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == body)
    }
}

/// `forecast --database`: forecasts are kept, and the last one stands in during an outage.
@Suite("forecast command with a database")
struct ForecastCommandDatabaseTests {
    static let body = """
        {"utc_offset_seconds":0,"timezone":"UTC","hourly":{"time":[1700000000],"temperature_2m":[7.5]},
         "daily":{"time":[1699920000],"temperature_2m_max":[11.2]}}
        """

    @Test("an outage shows the last kept forecast with its age; a rejected request does not")
    func outageFallsBackToTheStoredForecast() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("gateway.db")
        let server = try LocalHTTPServer()
        server.route("/v1/forecast", .init(body: Self.body))
        let arguments = ["forecast", "--open-meteo-api", server.baseURL, "--latitude", "39.7392", "--longitude=-104.9903",
                         "--timezone", "UTC", "--database", database]
        let first = try Gateway.run(arguments, environment: ["NO_COLOR": "1", "TEMPEST_OPEN_METEO_API_KEY": "om-secret-42"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Date        High (°C)\n  2023-11-14  11.2\n"))

        // 400 is not an outage: nothing stands in for it.
        server.route("/v1/forecast", .init(status: 400, body: #"{"error":true,"reason":"Invalid timezone"}"#))
        let rejected = try Gateway.run(arguments, environment: ["NO_COLOR": "1"])
        #expect(rejected.status == 1)
        #expect(rejected.standardError.contains("Invalid timezone"))
        #expect(!rejected.standardOutput.contains("High (°C)"))

        server.stop()
        let outage = try Gateway.run(arguments, environment: ["NO_COLOR": "1"])
        #expect(outage.status == 0, "\(outage.standardError)")
        #expect(outage.standardError.contains("error: could not connect"))
        #expect(outage.standardError.contains("Showing the last forecast kept in \(database), fetched 0 minutes ago."))
        #expect(outage.standardOutput.hasPrefix("Age: fetched 0 minutes ago, at "))
        #expect(outage.standardOutput.contains("High (°C)"))

        let outageJSON = try Gateway.run(arguments + ["--json"])
        #expect(outageJSON.status == 0)
        #expect(outageJSON.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == Self.body)

        // Another place has nothing kept: the outage is an error.
        let elsewhere = try Gateway.run(["forecast", "--open-meteo-api", server.baseURL, "--latitude", "1", "--longitude", "2",
                                         "--timezone", "UTC", "--database", database])
        #expect(elsewhere.status == 1)

        // The key never reaches the database.
        var dump = ""
        for file in [database, database + "-wal"] where FileManager.default.fileExists(atPath: file) {
            dump += try String(contentsOfFile: file, encoding: .isoLatin1)
        }
        #expect(dump.contains("/v1/forecast?latitude=39.7392&longitude=-104.9903"), "the snapshot keeps its source URL")
        #expect(!dump.contains("om-secret-42"))
    }
}
