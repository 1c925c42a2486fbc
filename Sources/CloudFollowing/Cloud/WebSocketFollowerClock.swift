// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// The follower's time: Unix seconds (compared with when UDP was last heard,
/// and used for its timers) and a blocking sleep. Injectable so tests run
/// minutes of timers in milliseconds.
public struct WebSocketFollowerClock: Sendable {
    /// Now, Unix seconds.
    public var now: @Sendable () -> Double
    /// Blocks the calling thread for about that many seconds.
    public var sleep: @Sendable (Double) -> Void

    /// Makes one from its parts.
    public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system's real-time clock and `nanosleep`.
    public static let system = WebSocketFollowerClock(
        now: {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        },
        sleep: { MonotonicClock.sleep(seconds: $0) })
}
