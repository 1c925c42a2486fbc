// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `hub_status`: the hub's own health report, every 10 seconds.
public struct HubStatus: Hashable, Sendable {
    /// The hub (there is no relaying hub).
    public var envelope: MessageEnvelope
    /// When the report was made.
    public var timestamp: UnixTimestamp
    /// Hub uptime, seconds; small again after a reboot.
    public var uptimeSeconds: Int64?
    /// The hub's Wi-Fi signal strength, dB.
    public var rssiDecibels: Int64?
    /// `reset_flags` exactly as sent, such as `"BOR,PIN,POR"`.
    public var resetFlagsText: String?
    /// Increments with each report; restarts after a reboot.
    public var sequenceNumber: Int64?
    /// `fs`: internal to WeatherFlow, passed through.
    public var fileSystemStats: [Int64?]?
    /// `radio_stats`.
    public var radioStats: RadioStats?
    /// `mqtt_stats`: hub-to-cloud link counters, internal, passed through.
    public var mqttStats: [Int64?]?

    /// Creates a report with only its timestamp; set the values you have.
    public init(envelope: MessageEnvelope, timestamp: UnixTimestamp) {
        self.envelope = envelope
        self.timestamp = timestamp
    }

    /// The parsed causes of the last reset.
    public var resetFlags: [ResetFlag] {
        resetFlagsText.map(ResetFlag.parse) ?? []
    }
}
