// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import Glibc
import JSON
import Pipeline
import Storage
import TempestUDP

/// The JSON document `status` prints: what the running gateway hears,
/// stores and publishes, and how fresh each device's data is.
public struct StatusReport {
    public var startedAt: Int64
    public var listener: UDPListener?
    public var bindAddress: String
    public var activity: DeviceActivity
    /// Which devices are the station's and which were refused; nil when
    /// every device is admitted.
    public var admission: DeviceAdmission.Snapshot? = nil
    /// REST messages quarantined as dated too far ahead.
    public var cloudFutureCount: Int = 0
    public var writerStatus: StoreWriterStatus
    public var databasePath: String
    public var outboxDepth: Int?
    public var mqttEnabled: Bool
    public var mqttConnected: Bool
    public var mqttBroker: String
    public var mqttInFlight: Int
    /// The WeatherFlow cloud follower's state; nil when no token is configured.
    public var cloud: CloudFollowerState?
    /// The WeatherFlow WebSocket follower's state; nil when it is off.
    public var webSocket: WebSocketFollowerState? = nil
    /// The forecast service's state; nil when forecasts are off.
    public var forecast: ForecastStatus? = nil
    /// The space in the database's folder while the disk is full, else nil.
    public var diskSpace: DiskSpace? = nil
    /// The nearby-strikes feed's counts; nil while the feed is off.
    public var nearbyStrikes: NearbyStrikeTally.Summary? = nil
    /// The `[[export]]` destinations, in configuration order.
    public var exports: [ExportStatus] = []
    /// The `[[upload]]` destinations, in table order.
    public var uploads: [UploadStatus] = []
    /// The quality checks' findings that still hold (`QualityJudge.activeFindings`).
    public var qualityFindings: [ValueFinding] = []

    /// How much of a report is handed to `output` at a time: a report of
    /// thousands of devices is written out in pieces instead of being held
    /// whole (with 3,000 devices, 0.4 MB of text, and as much again while
    /// the text grows).
    public static let pieceBytes = 16_384
    /// How many refused serials the report lists: all the bounded table
    /// holds (`DeviceAdmission.defaultRefusedCapacity`), about 70 KB of JSON.
    public static let refusedListLimit = DeviceAdmission.defaultRefusedCapacity
    /// How many of them the text report names.
    public static let refusedTextLimit = 5

    /// The report as sentences, labels before values (for people and screen
    /// readers), one per line, handed to `output` in pieces.
    public func writeText(now: Int64, to output: (String) -> Void) {
        var lines = ["Gateway version \(GatewayVersion.current), running for \(Plural.count(now - startedAt, "second"))."]
        if let listener {
            let statistics = listener.statistics
            lines.append(
                "Datagrams on UDP \(bindAddress) port \(listener.boundPort): received \(statistics.datagramsReceived), "
                    + "decoded \(statistics.decoded), rejected \(statistics.rejected), duplicates \(statistics.duplicates), "
                    + "late \(statistics.late), unknown type \(statistics.unknownType), dropped by the kernel \(statistics.kernelDrops), "
                    + "future timestamp \(statistics.futureTimestamps), unknown device \(statistics.unknownDevices).")
            let reasons = statistics.rejectedByCategory.sorted { $0.key < $1.key }
            if !reasons.isEmpty {
                lines.append("Rejections by reason: " + reasons.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ".")
            }
            lines += StatusReport.relayText(statistics)
        }
        if let admission { lines += admissionText(admission, now: now) }
        let devices = activity.sortedBySerial
        if devices.isEmpty { lines.append("No device heard yet.") }
        lines += Self.qualityText(qualityFindings)
        var pendingBytes = 0
        func flush() {
            output(lines.joined(separator: "\n") + "\n")
            lines.removeAll(keepingCapacity: true)
            pendingBytes = 0
        }
        for (serial, device) in devices {
            let ages = device.lastReceivedByType.map { "\($0.type) \(Plural.count(now - $0.at, "second")) ago" }.joined(separator: ", ")
            var line = "Device \(serial): last heard \(ages); source \(device.source)"
            if let battery = device.batteryVolts { line += "; battery \(JSONWriter.format(battery)) volts" }
            if let mode = device.powerSaveMode { line += mode == 0 ? "; full power" : "; power save mode \(mode)" }
            lines.append(line + ".")
            pendingBytes += line.utf8.count + 2
            if pendingBytes >= StatusReport.pieceBytes { flush() }
        }
        if mqttEnabled {
            let state = mqttConnected ? "connected" : "not connected (retrying)"
            lines.append(
                "MQTT broker \(mqttBroker): \(state); messages waiting in the outbox: "
                    + "\(outboxDepth.map(String.init) ?? "not counted yet"), sent and not yet acknowledged: \(mqttInFlight).")
        } else {
            lines.append("MQTT: off.")
        }
        let writable = writerStatus.isStorageUnavailable
            ? "NOT writable: \(diskSpace?.sentence ?? writerStatus.lastError ?? "unknown error")" : "writable"
        lines.append(
            "Database \(databasePath): \(writable); size \(ByteCount.text(Store.diskBytes(databasePath: databasePath))); "
                + "writes waiting: \(writerStatus.pendingCount).")
        lines.append(cloudText(now: now))
        if webSocket != nil { lines.append(webSocketText(now: now)) }
        if let nearbyStrikes { lines.append(Self.nearbyStrikesText(nearbyStrikes, now: now)) }
        lines.append(forecastText(now: now))
        lines += exports.map { $0.sentence(now: now) }
        lines += uploads.map { $0.sentence(now: now) }
        flush()
    }

    /// The report as one JSON object, handed to `output` in pieces.
    public func writeJSON(now: Int64, to output: (String) -> Void) {
        var json = JSONWriter()
        json.beginObject()
        json.member("version", GatewayVersion.current)
        json.member("started_at", UTCTime.iso8601(UnixTimestamp(secondsSince1970: startedAt)))
        json.member("uptime_seconds", now - startedAt)
        json.key("udp")
        json.beginObject()
        json.member("address", bindAddress)
        if let listener {
            let statistics = listener.statistics
            json.member("port", Int64(listener.boundPort))
            json.member("received", Int64(statistics.datagramsReceived))
            json.member("decoded", Int64(statistics.decoded))
            json.member("rejected", Int64(statistics.rejected))
            json.key("rejected_by_reason")
            json.beginObject()
            for (reason, count) in statistics.rejectedByCategory.sorted(by: { $0.key < $1.key }) { json.member(reason, Int64(count)) }
            json.endObject()
            json.member("duplicates", Int64(statistics.duplicates))
            json.member("late", Int64(statistics.late))
            json.member("unknown_type", Int64(statistics.unknownType))
            json.member("unexpected_serial_prefix", Int64(statistics.unexpectedSerialPrefix))
            json.member("range_violations", Int64(statistics.rangeViolations))
            json.member("not_allowed", Int64(statistics.notAllowed))
            json.member("kernel_drops", Int64(statistics.kernelDrops))
            json.member("future_timestamp", Int64(statistics.futureTimestamps))
            json.member("unknown_device", Int64(statistics.unknownDevices))
            StatusReport.writeRelay(statistics, into: &json)
        }
        json.endObject()
        if let admission {
            json.key("device_admission")
            writeAdmission(admission, into: &json, now: now)
        }
        json.member("rest_future_timestamp", Int64(cloudFutureCount))
        json.key("devices")
        json.beginArray()
        for (serial, device) in activity.sortedBySerial {
            json.beginObject()
            json.member("serial_number", serial)
            json.member("source", device.source)
            json.member("battery_volts", device.batteryVolts)
            json.member("power_save_mode", device.powerSaveMode.map(Int64.init))
            json.key("last_message_age_seconds")
            json.beginObject()
            for (type, time) in device.lastReceivedByType { json.member(type, now - time) }
            json.endObject()
            json.endObject()
            if json.text.utf8.count >= StatusReport.pieceBytes { output(json.takeText()) }
        }
        json.endArray()
        Self.writeQuality(qualityFindings, into: &json)
        if let nearbyStrikes { Self.writeNearbyStrikes(nearbyStrikes, into: &json) }
        json.key("database")
        json.beginObject()
        json.member("path", databasePath)
        json.member("size_bytes", Store.diskBytes(databasePath: databasePath))
        json.member("pending_writes", Int64(writerStatus.pendingCount))
        json.member("commits", Int64(writerStatus.commitSequence))
        json.member("outbox_shed", Int64(writerStatus.outboxShedCount))
        json.member("writable", !writerStatus.isStorageUnavailable)
        json.member("last_error", writerStatus.lastError)
        json.member("disk_full", writerStatus.isDiskFull)
        if let diskSpace {
            json.member("disk_free_bytes", diskSpace.freeBytes)
            json.member("disk_needed_bytes", diskSpace.neededBytes)
            json.member("disk_problem", diskSpace.sentence)
        }
        json.member("rapid_wind_dropped", Int64(writerStatus.droppedRapidWindCount))
        json.member("refused", Int64(writerStatus.refusedCount))
        json.endObject()
        json.key("mqtt")
        json.beginObject()
        json.member("enabled", mqttEnabled)
        if mqttEnabled {
            json.member("broker", mqttBroker)
            json.member("connected", mqttConnected)
            json.member("in_flight", Int64(mqttInFlight))
            json.member("outbox_depth", outboxDepth.map(Int64.init))
        }
        json.endObject()
        json.key("weatherflow_cloud")
        writeCloud(into: &json, now: now)
        json.key("weatherflow_websocket")
        writeWebSocket(into: &json, now: now)
        json.key("forecast")
        writeForecast(into: &json, now: now)
        json.key("exports")
        writeExports(into: &json)
        json.key("uploads")
        writeUploads(into: &json)
        json.endObject()
        output(json.takeText() + "\n")
    }

    /// Makes one from its parts.
    public init(startedAt: Int64, listener: UDPListener? = nil, bindAddress: String, activity: DeviceActivity, admission: DeviceAdmission.Snapshot? = nil, cloudFutureCount: Int = 0, writerStatus: StoreWriterStatus, databasePath: String, outboxDepth: Int? = nil, mqttEnabled: Bool, mqttConnected: Bool, mqttBroker: String, mqttInFlight: Int, cloud: CloudFollowerState? = nil, webSocket: WebSocketFollowerState? = nil, forecast: ForecastStatus? = nil, diskSpace: DiskSpace? = nil, nearbyStrikes: NearbyStrikeTally.Summary? = nil, exports: [ExportStatus] = [], uploads: [UploadStatus] = [], qualityFindings: [ValueFinding] = []) {
        self.webSocket = webSocket
        self.startedAt = startedAt
        self.listener = listener
        self.bindAddress = bindAddress
        self.activity = activity
        self.admission = admission
        self.cloudFutureCount = cloudFutureCount
        self.writerStatus = writerStatus
        self.databasePath = databasePath
        self.outboxDepth = outboxDepth
        self.mqttEnabled = mqttEnabled
        self.mqttConnected = mqttConnected
        self.mqttBroker = mqttBroker
        self.mqttInFlight = mqttInFlight
        self.cloud = cloud
        self.forecast = forecast
        self.diskSpace = diskSpace
        self.nearbyStrikes = nearbyStrikes
        self.exports = exports
        self.uploads = uploads
        self.qualityFindings = qualityFindings
    }
}

extension StatusReport {
    /// The counters in Prometheus' text exposition format.
    public func prometheus(now: Int64) -> String {
        var lines = [String]()
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            lines.append("# HELP tempest_gateway_\(name) \(help)")
            lines.append("# TYPE tempest_gateway_\(name) \(type)")
            for sample in samples {
                lines.append("tempest_gateway_\(name)\(sample.labels.isEmpty ? "" : "{\(sample.labels)}") \(sample.value)")
            }
        }
        metric("uptime_seconds", "gauge", "Seconds since the gateway started.", [("", String(now - startedAt))])
        if let listener {
            let statistics = listener.statistics
            metric("datagrams_received_total", "counter", "UDP datagrams read.", [("", String(statistics.datagramsReceived))])
            metric("datagrams_decoded_total", "counter", "Datagrams decoded into messages.", [("", String(statistics.decoded))])
            metric(
                "datagrams_rejected_total", "counter", "Datagrams rejected, by reason.",
                statistics.rejectedByCategory.sorted { $0.key < $1.key }.map { ("reason=\"\($0.key)\"", String($0.value)) })
            metric("duplicates_total", "counter", "Repeated messages dropped.", [("", String(statistics.duplicates))])
            metric("late_total", "counter", "Messages older than the newest of their stream.", [("", String(statistics.late))])
            metric("unknown_type_total", "counter", "Well-formed datagrams of unknown types.", [("", String(statistics.unknownType))])
            metric("range_violations_total", "counter", "Values outside physical bounds.", [("", String(statistics.rangeViolations))])
            metric("kernel_drops_total", "counter", "Datagrams the kernel dropped.", [("", String(statistics.kernelDrops))])
            metric(
                "future_timestamp_total", "counter", "UDP messages quarantined as dated too far ahead of the clock.",
                [("", String(statistics.futureTimestamps))])
            metric(
                "unknown_device_total", "counter", "UDP messages from devices that are not the station's.",
                [("", String(statistics.unknownDevices))])
            StatusReport.relayMetrics(statistics, metric: metric)
        }
        metric(
            "rest_future_timestamp_total", "counter", "REST fallback and backfill messages quarantined as dated too far ahead.",
            [("", String(cloudFutureCount))])
        if let admission {
            metric("refused_devices", "gauge", "Refused serials remembered (at most 1000).", [("", String(admission.refused.count))])
            metric("admitted_devices", "gauge", "Devices (hubs not counted) admitted as the station's.", [("", String(admission.admittedDevices))])
        }
        metric(
            "device_last_message_age_seconds", "gauge", "Seconds since a device's last message, by type.",
            activity.sortedBySerial.flatMap { serial, device in
                device.lastReceivedByType.map { ("serial=\"\(serial)\",type=\"\($0.type)\"", String(now - $0.at)) }
            })
        metric("database_pending_writes", "gauge", "Writes waiting for a commit.", [("", String(writerStatus.pendingCount))])
        metric("database_commits_total", "counter", "Transactions committed (group commit: many writes each under load).", [("", String(writerStatus.commitSequence))])
        metric("database_writable", "gauge", "1 when the database accepts writes.", [("", writerStatus.isStorageUnavailable ? "0" : "1")])
        metric("database_disk_full", "gauge", "1 while the database cannot be written because the disk is full.", [("", writerStatus.isDiskFull ? "1" : "0")])
        if mqttEnabled {
            metric("mqtt_connected", "gauge", "1 while connected to the broker.", [("", mqttConnected ? "1" : "0")])
            metric("mqtt_in_flight", "gauge", "Messages sent and not yet acknowledged.", [("", String(mqttInFlight))])
            if let outboxDepth {
                metric("outbox_messages", "gauge", "Messages waiting in the outbox.", [("", String(outboxDepth))])
            }
        }
        if !exports.isEmpty {
            func samples(_ value: (ExportStatus) -> String?) -> [(labels: String, value: String)] {
                exports.compactMap { export in value(export).map { (#"export="\#(export.number)""#, $0) } }
            }
            metric("export_lag_entries", "gauge", "Stored facts not yet delivered to the export destination.", samples { String($0.sink.pendingCount) })
            metric("export_lag_seconds", "gauge", "Seconds the export destination has been behind the database.", samples { String($0.sink.lagSeconds ?? 0) })
            metric("export_up", "gauge", "1 while the export destination accepts what is sent.", samples { $0.sink.lastError == nil ? "1" : "0" })
            metric("export_points_total", "counter", "Points the export destination accepted.", samples { String($0.sentPoints) })
            metric("export_points_skipped_total", "counter", "Points the export destination refused for good.", samples { String($0.skippedPoints) })
            metric(
                "export_last_success_timestamp_seconds", "gauge", "When the export destination last accepted a batch.",
                samples { $0.sink.lastSuccessAt.map(String.init) })
        }
        uploadMetrics(metric)
        return lines.joined(separator: "\n") + "\n"
    }
}
