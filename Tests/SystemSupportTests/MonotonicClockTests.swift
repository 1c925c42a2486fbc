// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport
import Testing

@Suite("Monotonic clock")
struct MonotonicClockTests {
    @Test("seconds and nanoseconds read the same clock, which never goes back")
    func sameClockNeverBack() {
        let nanoseconds = MonotonicClock.nanoseconds()
        let seconds = MonotonicClock.seconds()
        let later = MonotonicClock.nanoseconds()
        #expect(later >= nanoseconds)
        #expect(seconds >= Double(nanoseconds) / 1e9 - 1e-6)
        #expect(seconds <= Double(later) / 1e9 + 1e-6)
    }

    @Test("a sleep lasts at least as long as asked; zero or less returns at once")
    func sleepLasts() {
        let start = MonotonicClock.seconds()
        MonotonicClock.sleep(seconds: 0.05)
        #expect(MonotonicClock.seconds() - start >= 0.05)
        let again = MonotonicClock.seconds()
        MonotonicClock.sleep(seconds: -1)
        MonotonicClock.sleep(seconds: 0)
        #expect(MonotonicClock.seconds() - again < 0.05)
    }
}
