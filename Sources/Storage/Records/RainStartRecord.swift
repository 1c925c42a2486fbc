// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `evt_precip` event: the rain sensor first detected rain.
public struct RainStartRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Time rain started, epoch seconds.
    public var timestamp: Int64

    /// Creates an event.
    public init(serial: String, timestamp: Int64) {
        self.serial = serial
        self.timestamp = timestamp
    }
}
