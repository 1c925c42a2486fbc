// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import JSON
import SystemSupport
import Synchronization

/// OpenWeatherMap's Weather Stations API 3.0: the station is found (or
/// registered) once, then readings go as JSON arrays of measurements
/// (`docs/design/uploads-research.md`, section 5).
///
/// The station: OpenWeatherMap knows it by an internal id it assigns. On
/// the first send, `GET /stations` lists the account's stations and the one
/// whose `external_id` is our station id is taken; when there is none,
/// `POST /stations` registers it (`external_id`, `name`, `latitude`,
/// `longitude`, `altitude`; a coordinate that is not configured is left
/// out) and the answer's `ID` is taken. The id is kept in memory only: a
/// restart looks it up again, which costs one request and never registers
/// the station twice (sends to one destination come one at a time, so two
/// first sends cannot both register it). A measurement refused with 404 forgets it (the station
/// was deleted), so the next send looks again.
///
/// Measurements: `POST /measurements` with a JSON array, one object per
/// reading: `station_id`, `dt` (Unix seconds), `temperature` and
/// `dew_point` (°C), `wind_speed` and `wind_gust` (m/s), `wind_deg`,
/// `pressure` (hPa), `humidity` (%), `rain_1h` and `rain_24h` (mm); a value
/// the reading lacks is left out. Up to 100 readings go in one request.
///
/// Answers: any 2xx is taken (the API answers 204); 401 or 403 is a
/// rejected key; 429 too soon (after `Retry-After` when given); anything else
/// refused.
///
/// Choices on unverified points: `pressure` is the sea-level pressure
/// (left out without it), because the API's format follows METAR and CWOP,
/// which report sea-level (altimeter) pressure, and the other uploaders
/// (pywws, CumulusMX) send it; station pressure would set the station apart
/// from its neighbours by its altitude. Past readings are taken (CumulusMX
/// and pywws send catch-up batches; how far back is not documented).
/// The API key (`appid`) travels in the query, as OpenWeatherMap requires;
/// `RedactedURL` hides it.
public final class OpenWeatherMapProtocol: UploadProtocol {
    /// The API's base URL; `/stations` and `/measurements` are added to it.
    public static let defaultURL = "https://api.openweathermap.org/data/3.0"
    /// Readings in one measurements request.
    public static let readingsPerSend = 100

    private let stationID: String
    private let station: UploadStation
    private let baseURL: String
    private let exchange: UploadExchange
    /// OpenWeatherMap's id of the station, once found or registered.
    private let internalStationID = Mutex<String?>(nil)

    /// Uploads as external id `stationID` with API key `key`, registering
    /// `station` when the account does not have it, to `url` (the base
    /// holding `/stations` and `/measurements`) when given, else
    /// `defaultURL`. A request gives up after `totalTimeoutSeconds`.
    public init(
        client: HTTPClient, stationID: String, key: Secret, station: UploadStation, url: String? = nil, totalTimeoutSeconds: Double = 20
    ) {
        self.stationID = stationID
        self.station = station
        var base = url ?? Self.defaultURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.exchange = UploadExchange(client: client, key: key, totalTimeoutSeconds: totalTimeoutSeconds)
    }

    public var acceptsPastReadings: Bool { true }

    public var maximumReadingsPerSend: Int { Self.readingsPerSend }

    public func send(_ readings: [UploadReading]) async throws(UploadError) {
        guard !readings.isEmpty else { return }
        let id = try await stationIdentifier()
        let response = try await exchange.post(endpoint("measurements"), json: Self.measurements(readings, stationID: id))
        if (200..<300).contains(response.statusCode) { return }
        if response.statusCode == 404 { internalStationID.withLock { $0 = nil } }
        throw exchange.failure(response)
    }

    /// `baseURL/<path>?appid=<key>`.
    private func endpoint(_ path: String) -> String {
        exchange.key.withValue { baseURL + "/" + path + "?appid=" + UploadQuery.encode($0) }
    }

    /// OpenWeatherMap's id of the station: remembered, else looked up,
    /// else registered.
    private func stationIdentifier() async throws(UploadError) -> String {
        if let known = internalStationID.withLock({ $0 }) { return known }
        let list = try await exchange.get(endpoint("stations"))
        guard (200..<300).contains(list.statusCode) else { throw exchange.failure(list) }
        let listed = (try? JSONValue.parse(list.bodyText))?.arrayValue ?? []
        if let found = listed.first(where: { $0["external_id"]?.stringValue == stationID }).flatMap(Self.identifier) {
            internalStationID.withLock { $0 = found }
            return found
        }
        let registered = try await exchange.post(endpoint("stations"), json: registration())
        guard (200..<300).contains(registered.statusCode) else { throw exchange.failure(registered) }
        guard let created = (try? JSONValue.parse(registered.bodyText)).flatMap(Self.identifier) else {
            throw exchange.error(.refused(statusCode: registered.statusCode), "the registration's answer has no station ID: " + registered.bodyText)
        }
        internalStationID.withLock { $0 = created }
        return created
    }

    /// A station's id in a listing or a registration's answer (`ID` or `id`).
    private static func identifier(_ station: JSONValue) -> String? {
        (station["ID"] ?? station["id"])?.stringValue
    }

    /// The registration's body.
    func registration() -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("external_id", stationID)
        json.member("name", station.name)
        if let latitude = station.latitudeDegrees { json.member("latitude", latitude) }
        if let longitude = station.longitudeDegrees { json.member("longitude", longitude) }
        if let altitude = station.elevationMeters { json.member("altitude", altitude) }
        json.endObject()
        return json.text
    }

    /// The measurements' body: an array with one object per reading.
    static func measurements(_ readings: [UploadReading], stationID: String) -> String {
        var json = JSONWriter()
        json.beginArray()
        for reading in readings {
            json.beginObject()
            json.member("station_id", stationID)
            json.member("dt", reading.timestamp)
            let members: [(String, Double?)] = [
                ("temperature", reading.airTemperatureCelsius), ("wind_speed", reading.windAverageMetersPerSecond),
                ("wind_gust", reading.windGustMetersPerSecond), ("wind_deg", reading.windDirectionDegrees),
                ("pressure", reading.seaLevelPressureHectopascals), ("humidity", reading.relativeHumidityPercent),
                ("rain_1h", reading.rainLastHourMillimeters), ("rain_24h", reading.rainLast24HoursMillimeters),
                ("dew_point", reading.dewPointCelsius),
            ]
            for (name, value) in members {
                // Hundredths: finer than any sensor, without a double's noise (20.000000000000004).
                if let value, value.isFinite { json.member(name, (value * 100).rounded() / 100) }
            }
            json.endObject()
        }
        json.endArray()
        return json.text
    }
}
