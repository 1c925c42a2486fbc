// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

@testable import ForecastBridge
import HTTP
import Testing

@Suite struct ForecastQueryTests {
    @Test func urlListsParametersInOrderWithTheKeyLast() {
        let query = ForecastQuery(
            latitude: -33.8688, longitude: 151.2093, timeZone: "Australia/Sydney",
            current: ["temperature_2m"], minutely15: ["precipitation"], hourly: ["cloud_cover", "uv_index"], daily: ["sunrise"],
            forecastDays: 3)
        #expect(query.url(baseURL: "https://customer-api.open-meteo.com/", apiKey: "k1") == """
            https://customer-api.open-meteo.com/v1/forecast?latitude=-33.8688&longitude=151.2093&current=temperature_2m\
            &minutely_15=precipitation&hourly=cloud_cover,uv_index&daily=sunrise&timezone=Australia%2FSydney&timeformat=unixtime\
            &forecast_days=3&temperature_unit=celsius&wind_speed_unit=ms&precipitation_unit=mm&apikey=k1
            """)
        #expect(!query.url(baseURL: "http://h", apiKey: nil).contains("apikey"))
        #expect(!query.url(baseURL: "http://h", apiKey: "").contains("apikey"))
    }

    @Test func coordinatesAreFixedPointWithFourDecimals() {
        #expect(QueryEncoding.coordinate(39.7392) == "39.7392")
        #expect(QueryEncoding.coordinate(-104.99031) == "-104.9903")
        #expect(QueryEncoding.coordinate(0.00001) == "0")
        #expect(QueryEncoding.coordinate(-0.00005) == "-0.0001")
        #expect(QueryEncoding.coordinate(52.5) == "52.5")
        #expect(QueryEncoding.coordinate(-180) == "-180")
    }

    @Test func valuesArePercentEncoded() {
        #expect(QueryEncoding.encode("America/Argentina/Buenos_Aires") == "America%2FArgentina%2FBuenos_Aires")
        #expect(QueryEncoding.encode("a b&c=d,e") == "a%20b%26c%3Dd,e")
        #expect(QueryEncoding.encode("Zürich") == "Z%C3%BCrich")
    }

    @Test func defaultsQueryUsesTheCatalogDefaults() {
        let query = ForecastQuery.defaults(latitude: 1, longitude: 2, timeZone: "UTC")
        #expect(query.hourly.contains("temperature_2m"))
        #expect(query.daily.contains("sunrise"))
        #expect(query.current == VariableCatalog.defaultVariables(for: .current))
        #expect(query.minutely15.isEmpty)
        #expect(query.forecastDays == 7)
        #expect(throws: Never.self) { try query.validate() }
    }

    @Test func locationKeyIsTheCoordinatesAsSent() {
        #expect(ForecastQuery(latitude: 39.73921, longitude: -104.9903, timeZone: "UTC").locationKey == "39.7392,-104.9903")
    }
}
