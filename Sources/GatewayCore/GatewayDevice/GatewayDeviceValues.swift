// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayStatus
import MQTTSink
import Meteorology
import Pipeline
import TempestUDP

/// The values of the gateway device in Home Assistant, published retained
/// under `<base>/gateway/` (see `HomeAssistantDiscovery.gatewayEntities`)
/// once a minute, not per datagram: a recorder on an SD card writes each
/// change.
public struct GatewayDeviceValues: Sendable, Equatable {
    public var outboxDepth: Int?
    public var datagramsReceived: UInt64
    public var datagramsRejected: UInt64
    /// When the gateway started, Unix seconds.
    public var startedAtUnixSeconds: Int64
    public var version: String
    /// The nearby-strikes feed's counts, nil while the feed is off (its
    /// values are then not published).
    public var nearbyStrikes: NearbyStrikeTally.Summary?
    /// Each enabled `[[export]]` destination's lag in seconds, by its number.
    public var exportLagSeconds: [(number: Int, seconds: Int64)] = []
    /// Each enabled `[[upload]]` destination's last upload and whether it fails, by its number.
    public var uploads: [(number: Int, lastUploadAt: Int64?, isFailing: Bool)] = []

    /// Makes one from its parts.
    public init(outboxDepth: Int?, datagramsReceived: UInt64, datagramsRejected: UInt64, startedAtUnixSeconds: Int64, version: String) {
        self.outboxDepth = outboxDepth
        self.datagramsReceived = datagramsReceived
        self.datagramsRejected = datagramsRejected
        self.startedAtUnixSeconds = startedAtUnixSeconds
        self.version = version
    }

    /// The values of a status report.
    public init(_ report: StatusReport) {
        let statistics = report.listener?.statistics
        self.init(
            outboxDepth: report.outboxDepth, datagramsReceived: statistics?.datagramsReceived ?? 0,
            datagramsRejected: statistics?.rejected ?? 0, startedAtUnixSeconds: report.startedAt, version: GatewayVersion.current)
        nearbyStrikes = report.nearbyStrikes
        exportLagSeconds = report.exports.map { ($0.number, $0.sink.lagSeconds ?? 0) }
        uploads = report.uploads.map { ($0.number, $0.lastUploadAt, $0.lastError != nil) }
    }

    public static func == (lhs: GatewayDeviceValues, rhs: GatewayDeviceValues) -> Bool {
        lhs.outboxDepth == rhs.outboxDepth && lhs.datagramsReceived == rhs.datagramsReceived
            && lhs.datagramsRejected == rhs.datagramsRejected && lhs.startedAtUnixSeconds == rhs.startedAtUnixSeconds
            && lhs.version == rhs.version && lhs.nearbyStrikes == rhs.nearbyStrikes
            && lhs.exportLagSeconds.elementsEqual(rhs.exportLagSeconds, by: { $0 == $1 })
            && lhs.uploads.elementsEqual(rhs.uploads, by: { $0 == $1 })
    }

    /// How often they are published.
    public static let intervalSeconds = 60

    /// The retained messages (the outbox depth left out until known).
    /// With the nearby-strikes feed on, its count of the last hour and the
    /// newest strike's distance of the last three hours (in `units`; left
    /// out until there is one, so the retained value stays the last known) come too.
    public func messages(layout: TopicLayout, units: PublishedUnits = .metric) -> [(topic: String, payload: String)] {
        var messages: [(topic: String, payload: String)] = []
        if let outboxDepth { messages.append((layout.gatewayValue("outbox_depth"), String(outboxDepth))) }
        messages += [
            (layout.gatewayValue("datagrams_received"), String(datagramsReceived)),
            (layout.gatewayValue("datagrams_rejected"), String(datagramsRejected)),
            (layout.gatewayValue("last_restart"), UTCTime.iso8601(UnixTimestamp(secondsSince1970: startedAtUnixSeconds))),
            (layout.gatewayValue("version"), version),
        ]
        for lag in exportLagSeconds {
            messages.append((layout.gatewayValue(HomeAssistantDiscovery.exportLagField(number: lag.number)), String(lag.seconds)))
        }
        for upload in uploads {
            // The last upload is left out until there is one: the retained value stays the last known.
            if let last = upload.lastUploadAt {
                messages.append(
                    (layout.gatewayValue(HomeAssistantDiscovery.uploadLastField(number: upload.number)), UTCTime.iso8601(UnixTimestamp(secondsSince1970: last))))
            }
            messages.append((layout.gatewayValue(HomeAssistantDiscovery.uploadProblemField(number: upload.number)), upload.isFailing ? "ON" : "OFF"))
        }
        if let nearbyStrikes {
            let distanceField = NearbyStrikePublication.distanceField
            messages.append((layout.gatewayValue(NearbyStrikePublication.lastHourCountField), String(nearbyStrikes.lastHourCount)))
            if let distance = nearbyStrikes.lastDistanceKilometers {
                messages.append((layout.gatewayValue(distanceField), units.text(field: distanceField, distance)))
            }
        }
        return messages
    }
}
