// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
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
    }

    /// How often they are published.
    public static let intervalSeconds = 60

    /// The retained messages (the outbox depth left out until known).
    public func messages(layout: TopicLayout) -> [(topic: String, payload: String)] {
        var messages: [(topic: String, payload: String)] = []
        if let outboxDepth { messages.append((layout.gatewayValue("outbox_depth"), String(outboxDepth))) }
        messages += [
            (layout.gatewayValue("datagrams_received"), String(datagramsReceived)),
            (layout.gatewayValue("datagrams_rejected"), String(datagramsRejected)),
            (layout.gatewayValue("last_restart"), UTCTime.iso8601(UnixTimestamp(secondsSince1970: startedAtUnixSeconds))),
            (layout.gatewayValue("version"), version),
        ]
        return messages
    }
}
