// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Logging
import Meteorology
import Pipeline
import Storage
import SystemSupport
import Synchronization

/// An `[[export]]` destination speaking the InfluxDB line protocol: the
/// `CursorDestination` of its `CursorSink`, and what `export --to` re-sends
/// a range with.
///
/// A batch is one POST. A 2xx delivers it. A 400, 413 or 422 concerns the
/// batch's content: it is logged with the server's words and split in
/// halves until the point the database refuses is alone, which is skipped
/// (the rest are delivered; a point accepted twice is the same point).
/// Anything else (5xx, 401, 403, 404, 429, no answer) throws, so the sink
/// backs off and tries the whole batch again, after `Retry-After` when the
/// server gives one.
public final class InfluxExport: CursorDestination {
    /// Its name in logs (`export 1`).
    public let name: String
    private let target: InfluxWriteTarget
    private let points: ExportPoints
    private let batchSize: Int
    /// Whether 3-second wind is sent too (`rapid_wind`).
    private let sendsRapidWind: Bool
    private let client: HTTPClient
    private let logger: Logger
    private struct Counters {
        var sentPoints = 0
        var skippedPoints = 0
    }
    private let counters = Mutex(Counters())
    /// The fields last delivered of each device-day's summary (`serial date`),
    /// so that a summary written again unchanged (the daily summaries are
    /// written with every observation) is not sent again. Only what was
    /// delivered is noted; a restart forgets it (the next change is sent).
    private let deliveredSummaries = Mutex<[String: String]>([:])
    /// How many device-days it remembers before it starts over.
    static let deliveredSummaryLimit = 1_024

    /// A destination writing `points` to `target`, at most `batchSize`
    /// points per request, 3-second wind too with `sendsRapidWind`.
    public init(
        name: String, target: InfluxWriteTarget, points: ExportPoints, batchSize: Int, sendsRapidWind: Bool = false, client: HTTPClient,
        logger: Logger
    ) {
        self.name = name
        self.target = target
        self.points = points
        self.batchSize = max(1, batchSize)
        self.sendsRapidWind = sendsRapidWind
        self.client = client
        self.logger = logger
    }

    /// Points the database accepted, since start.
    public var sentPointCount: Int { counters.withLock { $0.sentPoints } }
    /// Points the database refused for good, and skipped, since start.
    public var skippedPointCount: Int { counters.withLock { $0.skippedPoints } }

    public func deliver(_ entries: [JournalEntry], from store: Store) async throws {
        var summaries: [String: String] = [:]
        try await send(try lines(for: entries, from: store, summaries: &summaries))
        deliveredSummaries.withLock { delivered in
            if delivered.count + summaries.count > Self.deliveredSummaryLimit { delivered.removeAll() }
            delivered.merge(summaries) { $1 }
        }
    }

    public func deliverStored(_ times: Range<Int64>, from store: Store) async throws {
        try await send(try storedLines(times, from: store))
    }

    /// The points of `entries`, read from `store` (a fact pruned since is
    /// left out; a day's summary, journaled whenever it is written, is read
    /// once, and left out when its figures are those last delivered).
    /// `summaries` gets the fields of each summary point, by device-day, to
    /// note once delivered.
    func lines(for entries: [JournalEntry], from store: Store, summaries: inout [String: String]) throws -> [String] {
        let delivered = deliveredSummaries.withLock { $0 }
        var lines: [String] = []
        lines.reserveCapacity(entries.count)
        var summariesRead = Set<String>()
        for entry in entries {
            switch entry.kind {
            case .observation:
                // A value the quality checks judged bad is left out, as on MQTT.
                if let record = try store.observationWithoutBadValues(serial: entry.serial, timestamp: entry.timestamp),
                    let line = points.line(record)
                {
                    lines.append(line)
                }
            case .lightningStrike:
                lines += try store.lightningStrikes(serial: entry.serial, timestamp: entry.timestamp).compactMap(points.line)
            case .rainStart:
                if let line = points.line(RainStartRecord(serial: entry.serial, timestamp: entry.timestamp)) { lines.append(line) }
            case .rapidWind:
                // In the journal for another destination that sends it, or before this one stopped.
                guard sendsRapidWind else { continue }
                if let record = try store.rapidWind(serial: entry.serial, timestamp: entry.timestamp), let line = points.line(record) {
                    lines.append(line)
                }
            case .dailySummary:
                let date = LocalDate(daysSince1970: entry.timestamp).description
                let key = entry.serial + " " + date
                guard summariesRead.insert(key).inserted,
                    let record = try store.dailySummary(serial: entry.serial, localDate: date), let line = points.line(record)
                else { continue }
                let fields = ExportPoints.fields(of: line)
                guard delivered[key] != fields else { continue }
                summaries[key] = fields
                lines.append(line)
            }
        }
        return lines
    }

    /// The points of every fact `store` holds with a time in `times`: the
    /// observations of every device, strikes, rain starts, and the daily
    /// summaries whose point is stamped in `times`.
    func storedLines(_ times: Range<Int64>, from store: Store) throws -> [String] {
        var lines: [String] = []
        let serials = try store.devices().filter { $0.kind != .hub }.map(\.serial)
        for serial in serials {
            let bad = try store.badValues(serial: serial, from: times.lowerBound, to: times.upperBound - 1)
            try store.forEachObservation(serial: serial, from: times.lowerBound, to: times.upperBound) { record in
                if let line = points.line(bad.removing(from: record)) { lines.append(line) }
            }
        }
        lines += try store.lightningStrikes(from: times.lowerBound, to: times.upperBound).compactMap(points.line)
        lines += try store.rainStarts(from: times.lowerBound, to: times.upperBound).compactMap(points.line)
        if sendsRapidWind {
            for serial in serials {
                try store.forEachRapidWind(serial: serial, from: times.lowerBound, to: times.upperBound) { record in
                    if let line = points.line(record) { lines.append(line) }
                }
            }
        }
        for serial in serials {
            try store.forEachDailySummary(serial: serial) { record in
                guard let stamp = points.timestamp(of: record), times.contains(stamp) else { return }
                if let line = points.line(record) { lines.append(line) }
            }
        }
        return lines
    }

    /// Sends `lines` in batches of at most `batchSize`, in order.
    public func send(_ lines: [String]) async throws {
        var start = 0
        while start < lines.count {
            let end = min(start + batchSize, lines.count)
            try await post(lines[start..<end])
            start = end
        }
    }

    private func post(_ lines: ArraySlice<String>) async throws {
        var body: [UInt8] = []
        body.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            body += line.utf8
            body.append(10)
        }
        let response: HTTPResponse
        do {
            response = try await client.post(target.request(), body: body)
        } catch {
            throw ExportError(.unreachable, detail: "\(error)")
        }
        let status = response.statusCode
        if (200..<300).contains(status) {
            counters.withLock { $0.sentPoints += lines.count }
            return
        }
        let words = Self.serverWords(response)
        guard [400, 413, 422].contains(status) else {
            throw ExportError(
                .refused(statusCode: status), detail: words, retryAfterSeconds: response.header("Retry-After").flatMap { RetryAfter.seconds(from: $0) })
        }
        guard lines.count > 1 else {
            counters.withLock { $0.skippedPoints += 1 }
            logger.warning(
                "\(name): the database refused a point; it is skipped",
                metadata: ["status": "\(status)", "answer": "\(words)", "point": "\(lines.first ?? "")"])
            return
        }
        logger.info(
            "\(name): the database refused a batch; looking for the point it refuses",
            metadata: ["status": "\(status)", "answer": "\(words)", "points": "\(lines.count)"])
        let middle = lines.startIndex + lines.count / 2
        try await post(lines[..<middle])
        try await post(lines[middle...])
    }

    /// The server's answer, on one line and at most 300 characters.
    static func serverWords(_ response: HTTPResponse) -> String {
        let words = response.bodyText.collapsedToOneLine(maximumCharacters: 300)
        return words.isEmpty ? "no explanation" : words
    }
}
