// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What to ask Open-Meteo's `/v1/forecast` for: where, in which time zone,
/// which variables at which resolution, and how many days.
///
/// Units are fixed to what the gateway stores: degrees Celsius, metres per
/// second (`wind_speed_unit=ms`) and millimetres; times are Unix seconds
/// (`timeformat=unixtime`). Daily values are aggregated over local days of
/// ``timeZone``, so pass the station's zone.
public struct ForecastQuery: Sendable, Hashable {
    /// Latitude in decimal degrees, −90 … 90.
    public var latitude: Double
    /// Longitude in decimal degrees, −180 … 180.
    public var longitude: Double
    /// An IANA time zone name such as `America/Denver` (or `auto` to let
    /// Open-Meteo pick the zone of the coordinates).
    public var timeZone: String
    /// Variables for `current`.
    public var current: [String]
    /// Variables for `minutely_15`.
    public var minutely15: [String]
    /// Variables for `hourly`.
    public var hourly: [String]
    /// Variables for `daily`.
    public var daily: [String]
    /// Days of forecast including today, 1 … 16 (Open-Meteo's default is 7).
    public var forecastDays: Int

    /// The most forecast days Open-Meteo's forecast API serves.
    public static let maximumForecastDays = 16

    /// Creates a query.
    public init(
        latitude: Double, longitude: Double, timeZone: String,
        current: [String] = [], minutely15: [String] = [], hourly: [String] = [], daily: [String] = [],
        forecastDays: Int = 7
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.current = current
        self.minutely15 = minutely15
        self.hourly = hourly
        self.daily = daily
        self.forecastDays = forecastDays
    }

    /// A query for the catalog's default variables (see ``VariableCatalog/defaultVariables(for:)``).
    public static func defaults(latitude: Double, longitude: Double, timeZone: String, forecastDays: Int = 7) -> ForecastQuery {
        ForecastQuery(
            latitude: latitude, longitude: longitude, timeZone: timeZone,
            current: VariableCatalog.defaultVariables(for: .current),
            minutely15: VariableCatalog.defaultVariables(for: .minutely15),
            hourly: VariableCatalog.defaultVariables(for: .hourly),
            daily: VariableCatalog.defaultVariables(for: .daily),
            forecastDays: forecastDays)
    }

    /// A key naming the place for stored forecasts: the coordinates as sent, `39.7392,-104.9903`.
    public var locationKey: String {
        QueryEncoding.coordinate(latitude) + "," + QueryEncoding.coordinate(longitude)
    }

    /// The variables asked for at `resolution`.
    public func variables(for resolution: ForecastResolution) -> [String] {
        switch resolution {
        case .current: current
        case .minutely15: minutely15
        case .hourly: hourly
        case .daily: daily
        }
    }

    /// Variables over all resolutions (a name asked for hourly and daily counts twice).
    public var variableCount: Int { current.count + minutely15.count + hourly.count + daily.count }

    /// What this query costs in Open-Meteo's weighted calls; see ``WeightedCalls``.
    public var weightedCalls: Double {
        WeightedCalls.weight(variables: variableCount, days: forecastDays)
    }

    /// Throws ``ForecastError/Kind/invalidQuery`` when Open-Meteo would
    /// refuse the query anyway.
    public func validate() throws(ForecastError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .invalidQuery("latitude \(latitude) is outside −90 … 90") }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidQuery("longitude \(longitude) is outside −180 … 180")
        }
        guard (1...Self.maximumForecastDays).contains(forecastDays) else {
            throw .invalidQuery("forecast days \(forecastDays) is outside 1 … \(Self.maximumForecastDays)")
        }
        guard !timeZone.isEmpty else { throw .invalidQuery("no time zone given") }
        guard variableCount > 0 else { throw .invalidQuery("no variables selected") }
        for resolution in ForecastResolution.allCases {
            for name in variables(for: resolution) where name.isEmpty || !name.utf8.allSatisfy(Self.isNameByte) {
                throw .invalidQuery("\"\(name)\" is not a variable name")
            }
        }
    }

    /// The query parameters in the order they are sent; `apikey` last when given.
    public func parameters(apiKey: String? = nil) -> [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = [
            ("latitude", QueryEncoding.coordinate(latitude)),
            ("longitude", QueryEncoding.coordinate(longitude)),
        ]
        for resolution in ForecastResolution.allCases {
            let names = variables(for: resolution)
            if !names.isEmpty { parameters.append((resolution.apiName, names.joined(separator: ","))) }
        }
        parameters += [
            ("timezone", timeZone),
            ("timeformat", "unixtime"),
            ("forecast_days", String(forecastDays)),
            ("temperature_unit", "celsius"),
            ("wind_speed_unit", "ms"),
            ("precipitation_unit", "mm"),
        ]
        if let apiKey, !apiKey.isEmpty { parameters.append(("apikey", apiKey)) }
        return parameters
    }

    /// The full request URL under `baseURL` (e.g. `https://api.open-meteo.com`).
    /// It contains the key when one is given: log only ``RedactedURL/redact(_:)`` of it.
    public func url(baseURL: String, apiKey: String? = nil) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let query = parameters(apiKey: apiKey).map { "\($0.name)=\(QueryEncoding.encode($0.value))" }.joined(separator: "&")
        return base + "/v1/forecast?" + query
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }
}
