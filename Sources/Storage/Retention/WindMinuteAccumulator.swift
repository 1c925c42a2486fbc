// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Aggregates the rapid-wind samples of one minute: mean, gust, lull, and
/// the direction of the mean wind vector (speed-weighted, calm samples add
/// nothing; nil when every sample was calm).
struct WindMinuteAccumulator {
    private(set) var count = 0
    private var speedSum: Int64 = 0
    private(set) var gust: Int64 = .min
    private(set) var lull: Int64 = .max
    private var east = 0.0
    private var north = 0.0

    mutating func add(speedCentimetersPerSecond speed: Int64, directionDegrees: Int64) {
        count += 1
        speedSum += speed
        gust = max(gust, speed)
        lull = min(lull, speed)
        let radians = Double(directionDegrees) * Double.pi / 180
        east += Double(speed) * sin(radians)
        north += Double(speed) * cos(radians)
    }

    var meanSpeed: Int64 { count == 0 ? 0 : Int64((Double(speedSum) / Double(count)).rounded()) }

    var direction: Int64? {
        guard east != 0 || north != 0 else { return nil }
        var degrees = atan2(east, north) * 180 / Double.pi
        if degrees < 0 { degrees += 360 }
        return Int64(degrees.rounded()) % 360
    }
}
