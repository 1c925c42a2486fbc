// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What the MQTT sink publishes once a message's facts are committed: its
/// latest values and the devices it shows were heard. The publication
/// planner makes it; it rides with the message's submission through the
/// store writer (a `CommitNotice`) and reaches the publisher in the
/// commit's report.
public struct RetainedStateNotice: Sendable {
    /// A device heard, and how long it may then stay silent.
    public struct Heard: Sendable {
        /// The device.
        public var device: HomeAssistantDiscovery.Device
        /// When, on the gateway's clock, epoch seconds.
        public var receivedAt: Int64
        /// How long it may stay silent before it counts as offline; nil keeps the last.
        public var silenceAllowedSeconds: Int64?

        /// Makes one.
        public init(device: HomeAssistantDiscovery.Device, receivedAt: Int64, silenceAllowedSeconds: Int64?) {
            self.device = device
            self.receivedAt = receivedAt
            self.silenceAllowedSeconds = silenceAllowedSeconds
        }
    }

    /// The latest retained values of the message (none for history).
    public var values: [(topic: RetainedTopic, payload: String)]
    /// The devices heard.
    public var heard: [Heard]

    /// Makes one.
    public init(values: [(topic: RetainedTopic, payload: String)], heard: [Heard]) {
        self.values = values
        self.heard = heard
    }
}
