// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The keys every Tempest datagram shares.
public struct MessageEnvelope: Hashable, Sendable {
    /// The device the message is about (for `hub_status`, the hub itself).
    public var serialNumber: SerialNumber
    /// The hub that relayed it; absent in `hub_status`, optional elsewhere.
    public var hubSerialNumber: SerialNumber?
    /// The sender's firmware revision, when the message carries one.
    public var firmwareRevision: FirmwareRevision?

    /// Creates an envelope.
    public init(
        serialNumber: SerialNumber,
        hubSerialNumber: SerialNumber? = nil,
        firmwareRevision: FirmwareRevision? = nil
    ) {
        self.serialNumber = serialNumber
        self.hubSerialNumber = hubSerialNumber
        self.firmwareRevision = firmwareRevision
    }
}
