// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import TempestUDP

extension StatusReport {
    /// The `[[export]]` destinations as a JSON array.
    public func writeExports(into json: inout JSONWriter) {
        json.beginArray()
        for export in exports {
            json.beginObject()
            json.member("number", Int64(export.number))
            json.member("url", export.url)
            json.member("state", export.state)
            json.member("lag_entries", Int64(export.sink.pendingCount))
            json.member("lag_seconds", export.sink.lagSeconds ?? 0)
            json.member("points_sent", Int64(export.sentPoints))
            json.member("points_skipped", Int64(export.skippedPoints))
            json.member("last_success_at", export.sink.lastSuccessAt.map { UTCTime.iso8601(UnixTimestamp(secondsSince1970: $0)) })
            json.member("last_error", export.sink.lastError)
            json.member("next_attempt_at", export.sink.nextAttemptAt.map { UTCTime.iso8601(UnixTimestamp(secondsSince1970: $0)) })
            json.endObject()
        }
        json.endArray()
    }
}
