// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Averages wind directions the only sound way: as vectors weighted by
/// speed. An arithmetic mean of 350° and 10° is 180°; the vector mean is 0°.
public struct WindVectorAverage: Sendable {
    private var sumEast = 0.0
    private var sumNorth = 0.0
    private var sumSpeed = 0.0
    private var count = 0

    /// An empty average.
    public init() {}

    /// Adds one sample: speed in m/s, direction the wind blows from, degrees.
    /// Samples missing either value are skipped.
    public mutating func add(speedMetersPerSecond: Double?, directionDegrees: Double?) {
        guard let speed = speedMetersPerSecond, speed >= 0 else { return }
        count += 1
        sumSpeed += speed
        guard let direction = directionDegrees else { return }
        let radians = direction * .pi / 180
        sumEast += speed * sin(radians)
        sumNorth += speed * cos(radians)
    }

    /// The number of samples with a speed.
    public var sampleCount: Int { count }

    /// The arithmetic mean of the speeds, m/s.
    public var meanSpeedMetersPerSecond: Double? {
        count == 0 ? nil : sumSpeed / Double(count)
    }

    /// The speed-weighted vector-mean direction, 0 ..< 360°; nil when every
    /// sample was calm (no direction is meaningful then).
    public var meanDirectionDegrees: Double? {
        guard sumEast != 0 || sumNorth != 0 else { return nil }
        let degrees = atan2(sumEast, sumNorth) * 180 / .pi
        let normalized = degrees < 0 ? degrees + 360 : degrees
        return normalized >= 360 ? normalized - 360 : normalized
    }

    /// The vector mean of a list of (speed, direction) samples.
    public static func of(_ samples: [(speedMetersPerSecond: Double?, directionDegrees: Double?)]) -> WindVectorAverage {
        var average = WindVectorAverage()
        for sample in samples { average.add(speedMetersPerSecond: sample.speedMetersPerSecond, directionDegrees: sample.directionDegrees) }
        return average
    }
}
