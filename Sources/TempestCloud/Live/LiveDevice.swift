// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// What the decoder needs to know of a followed device: its serial and hub,
/// for messages that name only the cloud's `device_id`.
public struct LiveDevice: Sendable, Equatable {
    /// The device's serial.
    public var serial: SerialNumber
    /// The hub that relays it, if known.
    public var hubSerial: SerialNumber?

    /// Makes one.
    public init(serial: SerialNumber, hubSerial: SerialNumber?) {
        self.serial = serial
        self.hubSerial = hubSerial
    }
}
