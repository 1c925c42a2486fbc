// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One `rapid_wind` sample (every 3 s at full power).
public struct RapidWindRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Sample time, epoch seconds.
    public var timestamp: Int64
    /// 3-second wind speed, m/s.
    public var speedMetersPerSecond: Double
    /// Wind direction, degrees (meaningless at speed 0).
    public var directionDegrees: Int

    /// Creates a sample.
    public init(serial: String, timestamp: Int64, speedMetersPerSecond: Double, directionDegrees: Int) {
        self.serial = serial
        self.timestamp = timestamp
        self.speedMetersPerSecond = speedMetersPerSecond
        self.directionDegrees = directionDegrees
    }
}
