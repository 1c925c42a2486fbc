// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Rapid-wind samples of one minute, aggregated when the raw samples pass
/// their retention.
public struct WindMinuteRecord: Sendable, Equatable {
    /// Serial of the device.
    public var serial: String
    /// Start of the minute, epoch seconds (a multiple of 60).
    public var minuteStart: Int64
    /// Mean of the samples' speeds, m/s.
    public var meanSpeedMetersPerSecond: Double
    /// Highest sample, m/s.
    public var gustMetersPerSecond: Double
    /// Lowest sample, m/s.
    public var lullMetersPerSecond: Double
    /// Vector-mean direction of the samples with non-zero speed, degrees; nil when all were calm.
    public var directionDegrees: Int?
    /// How many samples the minute held.
    public var sampleCount: Int

    /// Creates an aggregate.
    public init(
        serial: String, minuteStart: Int64, meanSpeedMetersPerSecond: Double, gustMetersPerSecond: Double,
        lullMetersPerSecond: Double, directionDegrees: Int?, sampleCount: Int
    ) {
        self.serial = serial
        self.minuteStart = minuteStart
        self.meanSpeedMetersPerSecond = meanSpeedMetersPerSecond
        self.gustMetersPerSecond = gustMetersPerSecond
        self.lullMetersPerSecond = lullMetersPerSecond
        self.directionDegrees = directionDegrees
        self.sampleCount = sampleCount
    }
}
