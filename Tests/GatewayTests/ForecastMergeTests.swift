// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ForecastBridge
import Foundation
import Storage
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The merge published as "conditions", its units, topics and verification lines.
@Suite("forecast merge")
struct ForecastMergeTests {
    let now = ForecastFixture.now

    func served(isCurrent: Bool = true) -> ServedForecast {
        ServedForecast(response: ForecastFixture.response, fetchedAt: now - 600, isCurrent: isCurrent)
    }

    func reading(rain: Double = 0, strike: Int64? = nil) -> StationReading {
        StationReading(
            observation: ForecastFixture.observation(rainMillimetres: rain), recentTemperatures: ForecastFixture.recent,
            rainTodayMillimetres: 1.5, highTodayCelsius: 30.4, lowTodayCelsius: 16.1, lastLightningStrike: strike)
    }

    func number(_ value: ForecastConditions.Value?) -> Double? {
        switch value {
        case .number(let number, _)?, .difference(let number)?, .rainRate(let number)?: number
        default: nil
        }
    }

    @Test("the station is authoritative for what it measures; the forecast supplies the rest")
    func stationAndForecast() throws {
        let conditions = ForecastConditions(served(), station: reading(), now: now)
        #expect(conditions.value("condition") == .text("sunny"))
        #expect(conditions.value("temperature") == .number(30, .celsius))
        #expect(conditions.value("temperature_source") == .text("station"))
        #expect(conditions.value("relative_humidity") == .number(40, .percent))
        #expect(conditions.value("wind_speed") == .number(3.2, .metresPerSecond))
        #expect(conditions.value("observed_high_today") == .number(30.4, .celsius))
        #expect(conditions.value("rain_today") == .number(1.5, .millimetres))
        #expect(conditions.value("cloud_cover") == .number(40, .percent))
        #expect(conditions.value("visibility") == .number(24000, .metres))
        #expect(conditions.value("weather") == .text("clear sky"))
        #expect(conditions.value("temperature_high_today") == .number(31, .celsius))
        #expect(conditions.value("temperature_low_today") == .number(15, .celsius))
        // No current precipitation probability: the hour containing now (18:00) says 18.
        #expect(conditions.value("precipitation_probability") == .number(18, .percent))
        #expect(conditions.value("precipitation_probability_next_hour") == .number(19, .percent))
        #expect(conditions.value("precipitation_probability_today") == .number(30, .percent))
        #expect(conditions.value("sunrise") == .instant(ForecastFixture.dayStart + 6 * 3600))
        #expect(conditions.value("sunset") == .instant(ForecastFixture.dayStart + 20 * 3600))
        #expect(conditions.value("forecast_age_minutes") == .number(10, .index))
        // 30 °C observed at 18:29 against 29 + 0.5 × 29/60 forecast.
        let difference = try #require(number(conditions.value("observed_minus_forecast")))
        #expect(abs(difference - (30 - (29 + 0.5 * 1740 / 3600))) < 1e-9)
        // Bias: mean of −0.25, 0 and that difference; it fades with lead time.
        let bias = try #require(conditions.biasCelsius)
        #expect(abs(bias - (difference - 0.25) / 3) < 1e-9)
        let corrected = try #require(number(conditions.value("corrected_temperature_1h")))
        #expect(abs(corrected - (29.75 + bias * exp(-1.0 / 6))) < 1e-9)
        #expect(conditions.correctedHours.count == 48)
        #expect(conditions.correctedHours.first?.time == ForecastFixture.dayStart + 19 * 3600)
    }

    @Test("rain now makes it rainy or pouring, lightning in the last 15 minutes lightning-rainy")
    func stationOverrides() {
        #expect(ForecastConditions(served(), station: reading(rain: 0.05), now: now).value("condition") == .text("rainy"))
        #expect(ForecastConditions(served(), station: reading(rain: 0.2), now: now).value("condition") == .text("pouring"))
        #expect(ForecastConditions(served(), station: reading(strike: now - 300), now: now).value("condition") == .text("lightning-rainy"))
        #expect(ForecastConditions(served(), station: reading(strike: now - 1200), now: now).value("condition") == .text("sunny"))
    }

    @Test("without the station the forecast stands in, by night clear-night")
    func forecastOnly() {
        let night = ForecastFixture.dayStart + 22 * 3600
        let conditions = ForecastConditions(served(), station: nil, now: night)
        #expect(conditions.value("condition") == .text("clear-night"))
        #expect(conditions.value("is_day") == .flag(false))
        // The current section is from 18:30, too old to speak for 22:00: the hour does.
        #expect(conditions.value("temperature") == .number(31, .celsius))
        #expect(conditions.value("temperature_source") == .text("forecast"))
        #expect(conditions.value("observed_minus_forecast") == nil)
        #expect(conditions.value("observed_at") == nil)
        #expect(conditions.value("forecast_age_minutes") == .number(Double((night - now + 600) / 60), .index))
    }

    @Test("an old forecast speaks only for the hours and days it covers; its current section stops counting after an hour")
    func staleForecast() {
        // 45 hours after the fixture's start: the second day, hour 45 of 72.
        let later = ForecastFixture.dayStart + 45 * 3600 + 600
        let conditions = ForecastConditions(served(isCurrent: false), station: nil, now: later)
        #expect(conditions.value("temperature") == .number(42.5, .celsius))  // the hour, not the old current 29.2
        #expect(conditions.value("cloud_cover") == .number(50, .percent))
        #expect(conditions.value("temperature_high_today") == .number(33, .celsius))
        #expect(conditions.value("forecast_current") == .flag(false))
        // Four days on, nothing of the forecast speaks for now.
        let gone = ForecastConditions(served(isCurrent: false), station: reading(), now: ForecastFixture.dayStart + 4 * 86_400)
        #expect(gone.value("temperature_high_today") == nil)
        #expect(gone.value("precipitation_probability") == nil)
        #expect(gone.value("weather_code") == nil)
        #expect(gone.value("condition") == nil)
        #expect(gone.value("temperature") == .number(30, .celsius))  // the station still does
    }

    @Test("imperial units convert temperatures, differences, visibility and rain rate")
    func imperial() {
        let units = PublishedForecastUnits(units: .imperial)
        #expect(units.text(.number(31, .celsius)) == "87.8")
        #expect(units.symbol(.number(31, .celsius)) == "°F")
        #expect(units.text(.difference(1)) == "1.8")
        #expect(units.text(.number(24000, .metres)) == "14.91")
        #expect(units.symbol(.number(24000, .metres)) == "mi")
        #expect(units.text(.rainRate(12)) == "0.47")  // as the station's rain_rate topic rounds it
        #expect(units.symbol(.rainRate(12)) == "in/h")
        #expect(units.text(.number(40, .percent)) == "40")
        let metric = PublishedForecastUnits(units: .metric)
        #expect(metric.text(.number(24000, .metres)) == "24")
        #expect(metric.text(.number(29.24166666, .celsius)) == "29.24")
    }

    @Test("conditions, hourly and daily are JSON topics; every value has a plain topic")
    func publications() throws {
        let served = served()
        let conditions = ForecastConditions(served, station: reading(), now: now)
        let publications = ForecastPublications(conditions, served: served, now: now, base: "wx", units: .metric)
        #expect(publications.documents.map(\.topic) == ["wx/forecast/conditions", "wx/forecast/hourly", "wx/forecast/daily"])
        let values = Dictionary(publications.values.map { ($0.topic, $0.payload) }, uniquingKeysWith: { first, _ in first })
        #expect(values["wx/forecast/condition"] == "sunny")
        #expect(values["wx/forecast/temperature_high_today"] == "31")
        #expect(values["wx/forecast/sunrise"] == "2024-07-13T06:00:00Z")
        #expect(values["wx/forecast/forecast_current"] == "ON")

        func object(_ index: Int) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(publications.documents[index].payload.utf8)) as? [String: Any])
        }
        let json = try object(0)
        #expect(json["condition"] as? String == "sunny")
        #expect((json["units"] as? [String: String])?["temperature"] == "°C")
        let hourly = try object(1)
        let hours = try #require(hourly["hours"] as? [[String: Any]])
        #expect(hours.count == 48)
        #expect(hours.first?["time"] as? String == "2024-07-13T18:00:00Z")
        #expect(hours.first?["cloud_cover"] is NSNull)
        #expect(hours[1]["temperature_corrected"] as? Double != nil)
        #expect(hourly["age_minutes"] as? Int == 10)
        let daily = try object(2)
        let days = try #require(daily["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2024-07-13", "2024-07-14"])
        #expect(days.first?["condition"] as? String == "lightning-rainy")
        #expect(days.last?["temperature_2m_min"] is NSNull)
        #expect(days.first?["sunset"] as? String == "2024-07-13T20:00:00Z")
    }

    @Test("a forecast adds its next 24 hours to the verification record, issued at the start of the hour")
    func verificationHours() {
        let records = ForecastVerificationHours.records(ForecastFixture.response, locationKey: "k", fetchedAt: now)
        #expect(records.count == 25)
        #expect(records.allSatisfy { $0.issuedAt == ForecastFixture.dayStart + 18 * 3600 })
        #expect(records.map(\.leadHours) == Array(0...24))
        #expect(records.first?.forecastCelsius == 29)
        #expect(records.last?.validAt == ForecastFixture.dayStart + 42 * 3600)
    }

    @Test("Home Assistant sees a Forecast device whose temperatures follow the unit choice")
    func discovery() throws {
        let layout = TopicLayout(base: "wx")
        let configs = ForecastDiscovery(discovery: HomeAssistantDiscovery(prefix: "ha", layout: layout), units: .imperial).configs(base: "wx")
        let topics = configs.map(\.topic)
        for field in ["condition", "temperature_high_today", "temperature_low_today", "precipitation_probability_next_hour",
                      "precipitation_probability_today", "corrected_temperature_1h", "corrected_temperature_3h", "corrected_temperature_6h"] {
            #expect(topics.contains("ha/sensor/tempest_forecast_wx/\(field)/config"), "\(field)")
            // The shared device of earlier versions is cleared.
            #expect(configs.contains { $0.topic == "ha/sensor/tempest_forecast/\(field)/config" && $0.payload.isEmpty }, "\(field)")
        }
        let high = try #require(configs.first { $0.topic.contains("temperature_high_today") })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(high.payload.utf8)) as? [String: Any])
        #expect(json["state_topic"] as? String == "wx/forecast/temperature_high_today")
        #expect(json["unit_of_measurement"] as? String == "°F")
        #expect((json["device"] as? [String: Any])?["identifiers"] as? [String] == ["tempest_forecast_wx"])
    }

    @Test("a forecast entity disabled by its field or as forecast/FIELD gets an empty config; the others stay")
    func disabledForecastEntities() throws {
        let layout = TopicLayout(base: "wx")
        #expect(HomeAssistantEntity.unknownEntityProblem(["condition", "forecast/forecast_age_minutes"]) == nil)
        #expect(HomeAssistantEntity.unknownEntityProblem(["forecast/conditions"])?.contains("forecast/FIELD") == true)
        let discovery = HomeAssistantDiscovery(
            prefix: "ha", layout: layout, units: .metric, disabledEntities: ["condition", "forecast/forecast_age_minutes"])
        let configs = ForecastDiscovery(discovery: discovery, units: .metric).configs(base: "wx")
        let empty = configs.filter { $0.payload.isEmpty && $0.topic.hasPrefix("ha/sensor/tempest_forecast_wx/") }.map(\.topic).sorted()
        #expect(empty == ["ha/sensor/tempest_forecast_wx/condition/config", "ha/sensor/tempest_forecast_wx/forecast_age_minutes/config"])
        #expect(configs.count == 2 * ForecastDiscovery.entities.count, "each entity, and each clearing of the old shared device")
        // A station's entity of another field is not one of the forecast's.
        let stationOnly = HomeAssistantDiscovery(prefix: "ha", layout: layout, units: .metric, disabledEntities: ["ST-00054321/condition"])
        #expect(
            ForecastDiscovery(discovery: stationOnly, units: .metric).configs(base: "wx")
                .allSatisfy { !$0.payload.isEmpty || $0.topic.hasPrefix("ha/sensor/tempest_forecast/") })
    }
}
