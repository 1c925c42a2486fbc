// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A device or hub the gateway has seen.
public struct DeviceRecord: Sendable, Equatable {
    /// What sort of device it is, from its serial prefix.
    public enum Kind: String, Sendable {
        /// A Tempest (`ST-`).
        case tempest
        /// An AIR (`AR-`).
        case air
        /// A SKY (`SK-`).
        case sky
        /// A hub (`HB-`).
        case hub
        /// Anything else.
        case unknown

        /// The kind a serial's prefix names.
        public init(serial: String) {
            switch serial.prefix(3) {
            case "ST-": self = .tempest
            case "AR-": self = .air
            case "SK-": self = .sky
            case "HB-": self = .hub
            default: self = .unknown
            }
        }
    }

    /// The serial (for example `ST-00187342`).
    public var serial: String
    /// The device kind.
    public var kind: Kind
    /// Serial of the hub that relays it (nil for hubs).
    public var hubSerial: String?
    /// Last known firmware revision, as text (hubs send text).
    public var firmware: String?
    /// First time seen, epoch seconds.
    public var firstSeen: Int64
    /// Last time seen, epoch seconds.
    public var lastSeen: Int64

    /// Creates a device record.
    public init(serial: String, kind: Kind, hubSerial: String?, firmware: String?, firstSeen: Int64, lastSeen: Int64) {
        self.serial = serial
        self.kind = kind
        self.hubSerial = hubSerial
        self.firmware = firmware
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }
}
