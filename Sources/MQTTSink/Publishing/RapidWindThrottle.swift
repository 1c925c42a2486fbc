// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Synchronization
import TempestUDP

/// Thins 3-second wind for MQTT: with an interval of N seconds, one message
/// per device and window is published, carrying the window's mean speed,
/// its gust (the strongest sample) and its speed-weighted vector-mean
/// direction. Every sample is still stored. Other messages pass untouched.
public final class RapidWindThrottle: Sendable {
    /// What to publish.
    public struct Admitted: Sendable {
        /// The message (for throttled wind: mean speed and vector-mean direction).
        public var message: TempestMessage
        /// The window's strongest sample, m/s, when throttled.
        public var windowGustMetersPerSecond: Double?
        /// The window's length, seconds, when throttled.
        public var windowSeconds: Int64?
    }

    private struct Window {
        var start: Int64
        var average = WindVectorAverage()
        var gustMetersPerSecond = 0.0
        var last: RapidWindObservation
    }

    public let intervalSeconds: Int64
    private let windows = Mutex<[String: Window]>([:])

    public init(intervalSeconds: Int64) {
        self.intervalSeconds = intervalSeconds
    }

    /// What to publish for `message`, or nil while a window fills. Windows
    /// are aligned to whole multiples of the interval; a window is published
    /// when the first sample of the next one arrives.
    public func admit(_ message: TempestMessage) -> Admitted? {
        guard intervalSeconds > 0, case .rapidWind(let sample) = message else { return Admitted(message: message) }
        let serial = sample.envelope.serialNumber.rawValue
        let time = sample.timestamp.secondsSince1970
        let windowStart = time - time % intervalSeconds
        return windows.withLock { windows -> Admitted? in
            guard let window = windows[serial], windowStart >= window.start else {
                if windows[serial] == nil { windows[serial] = RapidWindThrottle.window(startingAt: windowStart, with: sample) }
                return nil  // the first sample, or a late one: stored, not published
            }
            if windowStart == window.start {
                windows[serial] = RapidWindThrottle.adding(sample, to: window)
                return nil
            }
            windows[serial] = RapidWindThrottle.window(startingAt: windowStart, with: sample)
            var aggregate = window.last
            aggregate.windSpeedMetersPerSecond = window.average.meanSpeedMetersPerSecond
            aggregate.windDirectionDegrees = window.average.meanDirectionDegrees ?? window.last.windDirectionDegrees
            return Admitted(
                message: .rapidWind(aggregate), windowGustMetersPerSecond: window.gustMetersPerSecond,
                windowSeconds: intervalSeconds)
        }
    }

    private static func window(startingAt start: Int64, with sample: RapidWindObservation) -> Window {
        adding(sample, to: Window(start: start, last: sample))
    }

    private static func adding(_ sample: RapidWindObservation, to window: Window) -> Window {
        var window = window
        window.average.add(speedMetersPerSecond: sample.windSpeedMetersPerSecond, directionDegrees: sample.windDirectionDegrees)
        window.gustMetersPerSecond = max(window.gustMetersPerSecond, sample.windSpeedMetersPerSecond ?? 0)
        window.last = sample
        return window
    }
}
