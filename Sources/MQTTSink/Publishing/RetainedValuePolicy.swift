// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How retained values (the plain `<base>/<serial>/<field>` topics,
/// availability, forecasts) are published: `mqtt.retained_qos` and
/// `mqtt.republish_unchanged`.
///
/// Retained values are the latest state, and every one of them is
/// published again after each (re)connect and when Home Assistant says
/// `online`; so a value lost with a dropped connection is replaced by the
/// republish, and QoS 0 (no PUBACK for the broker to send and the client
/// to read) loses nothing a subscriber keeps. The default stays QoS 1:
/// measured side by side on one binary (docs/performance.md), QoS 0 cost
/// more CPU per datagram (1,082 against 863 µs at 50/s), a higher p99
/// latency, and lost datagrams at 20,000/s where QoS 1 lost none. Events go through the SQLite outbox at
/// `mqtt.qos` whatever this says. The gateway's status and the discovery
/// configs stay at QoS 1: they are few and the rest depends on them.
public struct RetainedValuePolicy: Sendable, Equatable {
    /// The QoS values are published at: 1 (the default) or 0.
    public var qos: Int32
    /// Whether a value that did not change since it was last recorded is
    /// published again with every message (false by default: only changes
    /// are sent, which is most of the saving on a station's 3-second wind
    /// and its slowly changing observation fields).
    public var republishUnchanged: Bool

    /// The default: QoS 1, changes only.
    public init(qos: Int32 = 1, republishUnchanged: Bool = false) {
        self.qos = qos
        self.republishUnchanged = republishUnchanged
    }
}
