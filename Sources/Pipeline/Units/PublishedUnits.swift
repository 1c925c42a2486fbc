// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Meteorology

/// The units of published values (the plain topics and Home Assistant);
/// the database and the JSON events stay in protocol units. `metric` is the
/// protocol's own set; `imperial` is °F, mph, inHg, inches and miles; each
/// quantity can also be chosen on its own.
public struct PublishedUnits: Sendable, Hashable {
    public enum TemperatureUnit: String, CaseIterable, Sendable { case celsius, fahrenheit }
    public enum SpeedUnit: String, CaseIterable, Sendable {
        case metersPerSecond = "m/s", kilometersPerHour = "km/h", milesPerHour = "mph", knots
    }
    public enum PressureUnit: String, CaseIterable, Sendable {
        case millibars = "mb", inchesOfMercury = "inHg", millimetersOfMercury = "mmHg", kilopascals = "kPa"
    }
    public enum RainUnit: String, CaseIterable, Sendable { case millimeters = "mm", inches = "in" }
    public enum DistanceUnit: String, CaseIterable, Sendable { case kilometers = "km", miles = "mi" }

    public var temperature: TemperatureUnit = .celsius
    public var speed: SpeedUnit = .metersPerSecond
    public var pressure: PressureUnit = .millibars
    public var rain: RainUnit = .millimeters
    public var distance: DistanceUnit = .kilometers

    public static let metric = PublishedUnits()
    public static let imperial = PublishedUnits(
        temperature: .fahrenheit, speed: .milesPerHour, pressure: .inchesOfMercury, rain: .inches, distance: .miles)

    /// The kind of quantity a published field holds, by its name.
    public enum Quantity {
        case temperature, speed, pressure, rain, rainRate, distance
        /// A difference of temperatures (°F differences have no offset).
        case temperatureDifference
    }

    public static func quantity(of field: String) -> Quantity? {
        switch field {
        case "air_temperature", "dew_point", "feels_like", "wet_bulb", "heat_index", "wind_chill",
            "air_temperature_max_today", "air_temperature_min_today", "air_temperature_max_month", "air_temperature_min_month",
            "air_temperature_max_year", "air_temperature_min_year", "air_temperature_max_all_time", "air_temperature_min_all_time":
            .temperature
        case "delta_t":
            .temperatureDifference
        case "wind_avg", "wind_gust", "wind_lull", "wind_speed", "wind_gust_max_today", "rapid_wind_gust", "wind_gust_max_month",
            "wind_gust_max_year", "wind_gust_max_all_time":
            .speed
        case "station_pressure", "sea_level_pressure", "pressure_change_3_hours":
            .pressure
        case "rain_accumulated", "rain_today", "rain_suspect_today", "rain_yesterday", "local_day_rain_accumulation", "rain_today_raincheck",
            "rain_yesterday_raincheck", "rain_last_24_hours", "rain_this_week", "rain_this_month", "rain_this_year",
            "reference_evapotranspiration_yesterday":
            .rain
        case "rain_rate":
            .rainRate
        case "lightning_strike_avg_distance", "lightning_strike_last_distance", "nearby_lightning_last_distance":
            .distance
        default:
            nil
        }
    }

    /// `value` of `field` (protocol units) in the chosen unit.
    public func convert(field: String, _ value: Double) -> Double {
        guard let quantity = PublishedUnits.quantity(of: field) else { return value }
        switch quantity {
        case .temperature:
            return temperature == .fahrenheit ? Temperature(celsius: value).fahrenheit : value
        case .temperatureDifference:
            return temperature == .fahrenheit ? value * 9 / 5 : value
        case .speed:
            let speed = Speed(metersPerSecond: value)
            switch self.speed {
            case .metersPerSecond: return value
            case .kilometersPerHour: return speed.kilometersPerHour
            case .milesPerHour: return speed.milesPerHour
            case .knots: return speed.knots
            }
        case .pressure:
            let pressure = Pressure(millibars: value)
            switch self.pressure {
            case .millibars: return value
            case .inchesOfMercury: return pressure.inchesOfMercury
            case .millimetersOfMercury: return pressure.millimetersOfMercury
            case .kilopascals: return pressure.kilopascals
            }
        case .rain:
            return rain == .inches ? RainAmount(millimeters: value).inches : value
        case .rainRate:
            return rain == .inches ? RainRate(millimetersPerHour: value).inchesPerHour : value
        case .distance:
            return distance == .miles ? Distance(kilometers: value).miles : value
        }
    }

    /// The published text of `field`: converted, and rounded to the
    /// precision the unit needs (so 5.8 °C reads 42.44 °F, not 42.440000000000005).
    /// A value in its protocol unit is published exactly as measured.
    public func text(field: String, _ value: Double) -> String {
        guard let quantity = PublishedUnits.quantity(of: field) else { return JSONWriter.format(value) }
        let converted = convert(field: field, value)
        guard converted != value else { return JSONWriter.format(value) }
        let decimals = quantity == .rain || (quantity == .pressure && pressure == .inchesOfMercury) ? 3 : 2
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return JSONWriter.format((converted * scale).rounded() / scale)
    }

    /// The Home Assistant unit for `field`, or `fallback` when it has no choice.
    public func homeAssistantUnit(field: String, fallback: String?) -> String? {
        guard let quantity = PublishedUnits.quantity(of: field) else { return fallback }
        switch quantity {
        case .temperature, .temperatureDifference: return temperature == .fahrenheit ? "°F" : "°C"
        case .speed:
            switch speed {
            case .metersPerSecond: return "m/s"
            case .kilometersPerHour: return "km/h"
            case .milesPerHour: return "mph"
            case .knots: return "kn"
            }
        case .pressure:
            switch pressure {
            case .millibars: return "mbar"
            case .inchesOfMercury: return "inHg"
            case .millimetersOfMercury: return "mmHg"
            case .kilopascals: return "kPa"
            }
        case .rain: return rain == .inches ? "in" : "mm"
        case .rainRate: return rain == .inches ? "in/h" : "mm/h"
        case .distance: return distance == .miles ? "mi" : "km"
        }
    }
}
