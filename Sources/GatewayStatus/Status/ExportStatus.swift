// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline

/// One `[[export]]` destination as `status`, `/metrics`, `doctor` and the
/// web page's health page show it.
public struct ExportStatus: Sendable, Equatable {
    /// Its 1-based table number in the configuration.
    public var number: Int
    /// Its write URL, secrets redacted.
    public var url: String
    /// Where its sink stands.
    public var sink: SinkStatus
    /// Points the database accepted since start.
    public var sentPoints: Int
    /// Points the database refused for good (and skipped) since start.
    public var skippedPoints: Int

    /// Makes one.
    public init(number: Int, url: String, sink: SinkStatus, sentPoints: Int, skippedPoints: Int) {
        self.number = number
        self.url = url
        self.sink = sink
        self.sentPoints = sentPoints
        self.skippedPoints = skippedPoints
    }

    /// `current`, `behind` (delivering what waits), `backfilling`, or `failing`.
    public var state: String {
        if sink.lastError != nil { return "failing" }
        if sink.isBackfilling { return "backfilling" }
        return sink.pendingCount == 0 ? "current" : "behind"
    }

    /// The destination in one sentence, labels before values.
    public func sentence(now: Int64) -> String {
        var text = "Export \(number) to \(url): "
        switch state {
        case "failing": text += "failing (\(sink.lastError ?? "unknown error"))"
        case "backfilling": text += "sending what the database held before it was configured"
        case "behind": text += "delivering"
        default: text += "current"
        }
        text += "; stored facts waiting: \(sink.pendingCount), behind by \(Plural.count(sink.lagSeconds ?? 0, "second"))"
        text += "; last success: " + (sink.lastSuccessAt.map { "\(Plural.count(max(0, now - $0), "second")) ago" } ?? "none since start")
        if let next = sink.nextAttemptAt { text += "; next try in \(Plural.count(max(0, next - now), "second"))" }
        text += "; points sent \(sentPoints), refused and skipped \(skippedPoints)."
        return text
    }
}
