// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// The monotonic clock: time since an arbitrary start that no change of the
/// time of day moves, for deadlines, timeouts and durations.
public enum MonotonicClock {
    /// Nanoseconds on the clock.
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Seconds on the clock.
    public static func seconds() -> Double {
        Double(nanoseconds()) / 1e9
    }

    /// Sleeps the calling thread for `seconds` (not at all for zero or
    /// less); a signal that interrupts the sleep does not end it early.
    public static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
