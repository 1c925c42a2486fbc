// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension WeatherFlowClient {
    /// All stations of the token's owner, with their devices (`GET /stations`).
    public func stations() async throws(WeatherFlowError) -> [Station] {
        let url = baseURL + "/stations"
        let json = try await fetchJSON("/stations", notFound: .nothing)
        guard let list = json["stations"] else { return [] }
        guard let elements = list.arrayValue else { throw .malformedResponse("`stations` is not an array", url: url) }
        return elements.compactMap(Station.init(json:))
    }

    /// The latest observation of a station (`GET /observations/station/{id}`);
    /// nil when the cloud has no recent observation.
    public func stationObservation(stationID: Int) async throws(WeatherFlowError) -> StationObservation? {
        let path = "/observations/station/\(stationID)"
        let json = try await fetchJSON(path, notFound: .station(stationID))
        guard let obs = json["obs"], !obs.isNull else { return nil }
        guard let rows = obs.arrayValue else { throw .malformedResponse("`obs` is not an array", url: baseURL + path) }
        guard let first = rows.first else { return nil }
        guard case .object = first else { throw .malformedResponse("`obs[0]` is not an object", url: baseURL + path) }
        return StationObservation(json: first)
    }

    /// Tempest (`obs_st`) rows of a device between `start` and `end`
    /// inclusive (`GET /observations/device/{id}`), fetched in windows of at
    /// most five days, de-duplicated by timestamp and sorted. Empty when the
    /// cloud has no data; a device of another type is a malformed response.
    public func deviceObservations(deviceID: Int, from start: UnixTimestamp, to end: UnixTimestamp) async throws(WeatherFlowError) -> [TempestObservation.Row] {
        try await windowedRows(deviceID: deviceID, from: start, to: end)
    }

    /// AIR (`obs_air`) rows of a device; see ``deviceObservations(deviceID:from:to:)``.
    public func airObservations(deviceID: Int, from start: UnixTimestamp, to end: UnixTimestamp) async throws(WeatherFlowError) -> [AirObservation.Row] {
        try await windowedRows(deviceID: deviceID, from: start, to: end)
    }

    /// SKY (`obs_sky`) rows of a device; see ``deviceObservations(deviceID:from:to:)``.
    public func skyObservations(deviceID: Int, from start: UnixTimestamp, to end: UnixTimestamp) async throws(WeatherFlowError) -> [SkyObservation.Row] {
        try await windowedRows(deviceID: deviceID, from: start, to: end)
    }

    /// The rows of the kind `Row` (its table decodes them), as above.
    private func windowedRows<Row: ObservationRowLayout>(
        deviceID: Int, from start: UnixTimestamp, to end: UnixTimestamp
    ) async throws(WeatherFlowError) -> [Row] {
        let expectedType = Row.messageType.rawValue
        let path = "/observations/device/\(deviceID)"
        var rowsByTime: [Int64: Row] = [:]
        for window in Self.windows(from: start.secondsSince1970, to: end.secondsSince1970) {
            let json = try await fetchJSON(
                path, query: [("time_start", String(window.start)), ("time_end", String(window.end))],
                notFound: .device(deviceID))
            guard let obs = json["obs"], !obs.isNull else { continue }
            guard let rows = obs.arrayValue else { throw .malformedResponse("`obs` is not an array", url: baseURL + path) }
            if rows.isEmpty { continue }
            let type = json["type"]?.stringValue ?? expectedType
            guard type == expectedType else {
                throw .malformedResponse("device \(deviceID) reports \(type), expected \(expectedType)", url: baseURL + path)
            }
            for row in rows {
                guard let decoded = Row(restRow: row) else {
                    throw .malformedResponse("an \(type) row has no timestamp", url: baseURL + path)
                }
                rowsByTime[decoded.timestamp.secondsSince1970] = decoded
            }
        }
        return rowsByTime.values
            .filter { $0.timestamp >= start && $0.timestamp <= end }
            .sorted { $0.timestamp < $1.timestamp }
    }

    /// Consecutive `[start, end]` windows of at most ``maximumWindowSeconds``
    /// covering `start ... end`.
    static func windows(from start: Int64, to end: Int64) -> [(start: Int64, end: Int64)] {
        guard start <= end else { return [] }
        var windows: [(start: Int64, end: Int64)] = []
        var windowStart = start
        while true {
            let windowEnd = min(end, windowStart + maximumWindowSeconds)
            windows.append((windowStart, windowEnd))
            if windowEnd >= end { return windows }
            windowStart = windowEnd
        }
    }
}
