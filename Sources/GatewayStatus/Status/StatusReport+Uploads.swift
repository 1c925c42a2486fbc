// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import TempestUDP

extension StatusReport {
    /// The `[[upload]]` destinations as a JSON array.
    public func writeUploads(into json: inout JSONWriter) {
        func time(_ seconds: Int64?) -> String? { seconds.map { UTCTime.iso8601(UnixTimestamp(secondsSince1970: $0)) } }
        json.beginArray()
        for upload in uploads {
            json.beginObject()
            json.member("number", Int64(upload.number))
            json.member("service", upload.service)
            json.member("service_name", upload.serviceName)
            json.member("station_id", upload.stationID)
            json.member("station", Int64(upload.station))
            json.member("interval_seconds", Int64(upload.intervalSeconds))
            json.member("state", upload.state)
            json.member("last_upload_at", time(upload.lastUploadAt))
            json.member("last_reading_time", time(upload.lastReadingTime))
            json.member("last_error", upload.lastError)
            json.member("next_attempt_at", time(upload.sink.nextAttemptAt))
            json.key("requests")
            json.beginObject()
            for name in UploadStatus.outcomeNames { json.member(name, Int64(upload.outcomes[name] ?? 0)) }
            json.endObject()
            json.endObject()
        }
        json.endArray()
    }

    /// The `/metrics` lines of the uploads: requests by service and outcome,
    /// whether each destination works, and when it last uploaded.
    func uploadMetrics(_ metric: (String, String, String, [(labels: String, value: String)]) -> Void) {
        guard !uploads.isEmpty else { return }
        func labels(_ upload: UploadStatus) -> String { #"upload="\#(upload.number)",service="\#(upload.service)""# }
        metric(
            "upload_requests_total", "counter", "Requests to the weather network by how they ended.",
            uploads.flatMap { upload in
                UploadStatus.outcomeNames.map { (labels(upload) + #",result="\#($0)""#, String(upload.outcomes[$0] ?? 0)) }
            })
        metric("upload_up", "gauge", "1 while the weather network takes the readings.", uploads.map { (labels($0), $0.lastError == nil ? "1" : "0") })
        metric(
            "upload_last_success_timestamp_seconds", "gauge", "When the weather network last took a reading.",
            uploads.compactMap { upload in upload.lastUploadAt.map { (labels(upload), String($0)) } })
    }
}
