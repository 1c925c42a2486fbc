// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// What the publisher keeps of a device for discovery and availability, as
/// one entry keyed by serial: 48 bytes, where a dictionary of each (the
/// device, when it was last heard, how long it may stay silent, its last
/// published availability) took about 140 with four copies of the key.
public struct TrackedDevice: Sendable {
    public var hubSerial: String?
    public var firmware: String?
    /// When the device was last heard, Unix seconds on the gateway's clock.
    public var lastHeardUnixSeconds: Int64
    /// How long it may stay silent before it counts as `offline`; nil:
    /// `defaultSilenceAllowedSeconds`.
    public var silenceAllowedSeconds: Int32?
    public var family: DeviceFamily?
    /// The availability last published: nil before the first.
    public var isOnline: Bool?

    /// A device's allowed silence before its cadence is known: 5 minutes.
    public static let defaultSilenceAllowedSeconds: Int64 = 300

    /// A device first heard at `heardAt`, knowing nothing else yet.
    public init(heardAt: Int64) {
        lastHeardUnixSeconds = heardAt
    }

    /// Takes what `device` knows; a field it lacks keeps its known value (a
    /// hub is also noted from its sensors' messages, which do not know its
    /// firmware), so nothing flaps. Returns whether anything changed.
    public mutating func merge(_ device: HomeAssistantDiscovery.Device) -> Bool {
        let before = (family, hubSerial, firmware)
        family = device.family ?? family
        hubSerial = device.hubSerial ?? hubSerial
        firmware = device.firmware ?? firmware
        return before != (family, hubSerial, firmware)
    }

    /// The device as discovery announces it.
    public func device(serial: String) -> HomeAssistantDiscovery.Device {
        HomeAssistantDiscovery.Device(serial: serial, family: family, hubSerial: hubSerial, firmware: firmware)
    }

    /// Unix seconds after which the device counts as `offline`.
    public var silentAfterUnixSeconds: Int64 {
        lastHeardUnixSeconds + (silenceAllowedSeconds.map(Int64.init) ?? Self.defaultSilenceAllowedSeconds)
    }
}
