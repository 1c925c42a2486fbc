// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline

/// One `[[upload]]` destination as `status`, `/metrics`, `doctor`, Home
/// Assistant and the web page's health page show it.
public struct UploadStatus: Sendable, Equatable {
    /// Its 1-based table number in the configuration.
    public var number: Int
    /// The service's name in the configuration (`wunderground`).
    public var service: String
    /// The service's name as people know it (`Weather Underground`).
    public var serviceName: String
    /// The network's id of the station (no secret: networks show it publicly).
    public var stationID: String
    /// Which station's readings (1-based).
    public var station: Int
    /// Seconds between readings.
    public var intervalSeconds: Int
    /// Where its sink stands (the next try after a failure is `sink.nextAttemptAt`).
    public var sink: SinkStatus
    /// When the service last took a reading (epoch seconds), nil when not since start.
    public var lastUploadAt: Int64?
    /// The time of the last reading it took.
    public var lastReadingTime: Int64?
    /// The last failure in the service's words, nil after a success.
    public var lastError: String?
    /// Requests by how they ended (`accepted`, `rejected_key`, `too_soon`,
    /// `refused`, `unreachable`), since start.
    public var outcomes: [String: Int]

    /// Makes one.
    public init(
        number: Int, service: String, serviceName: String, stationID: String, station: Int, intervalSeconds: Int, sink: SinkStatus,
        lastUploadAt: Int64?, lastReadingTime: Int64?, lastError: String?, outcomes: [String: Int]
    ) {
        self.number = number
        self.service = service
        self.serviceName = serviceName
        self.stationID = stationID
        self.station = station
        self.intervalSeconds = intervalSeconds
        self.sink = sink
        self.lastUploadAt = lastUploadAt
        self.lastReadingTime = lastReadingTime
        self.lastError = lastError
        self.outcomes = outcomes
    }

    /// The outcomes `/metrics` always lists, so a rate is 0 rather than absent.
    public static let outcomeNames = ["accepted", "rejected_key", "too_soon", "refused", "unreachable"]

    /// `failing` (the last request failed), `current` (the service took a
    /// reading since start), or `waiting` (for the station's first reading).
    public var state: String {
        if lastError != nil { return "failing" }
        return lastUploadAt == nil ? "waiting" : "current"
    }

    /// The destination in one sentence, labels before values.
    public func sentence(now: Int64) -> String {
        var text = "Upload \(number) to \(serviceName) as \(stationID) (station \(station), every \(Plural.count(intervalSeconds, "second"))): "
        switch state {
        case "failing": text += "failing (\(lastError ?? "unknown error"))"
        case "waiting": text += "waiting for the station's first reading"
        default: text += "current"
        }
        text += "; last upload: " + (lastUploadAt.map { "\(Plural.count(max(0, now - $0), "second")) ago" } ?? "none since start")
        if let next = sink.nextAttemptAt { text += "; next try in \(Plural.count(max(0, next - now), "second"))" }
        text += "; uploads accepted \(outcomes["accepted"] ?? 0), failed \(outcomes.filter { $0.key != "accepted" }.values.reduce(0, +))."
        return text
    }
}
