// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import SystemSupport
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import Gateway
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The primitive the run's loops sleep on instead of polling.
@Suite("wake-up event")
struct WakeupEventTests {
    @Test("a signal before the wait is kept for it, once")
    func signalBeforeWait() async {
        let event = WakeupEvent()
        event.signal()
        event.signal()
        #expect(await event.wait(untilMonotonicSeconds: MonotonicClock.seconds() + 30) == true)
        // The two signals were one: the next wait runs out.
        #expect(await event.wait(untilMonotonicSeconds: MonotonicClock.seconds() + 0.05) == false)
    }

    @Test("a signal from another thread wakes the waiting task before its time limit")
    func signalWakesWaiter() async {
        let event = WakeupEvent()
        let waiter = Task { await event.wait(untilMonotonicSeconds: MonotonicClock.seconds() + 60) }
        try? await Task.sleep(nanoseconds: 20_000_000)
        Thread.detachNewThread { event.signal() }
        // true: woken by the signal (a time limit that ran out answers false).
        #expect(await waiter.value == true)
    }

    @Test("cancelling the waiting task ends its wait")
    func cancellationEndsWait() async {
        let event = WakeupEvent()
        let waiter = Task { await event.wait() }
        try? await Task.sleep(nanoseconds: 20_000_000)
        waiter.cancel()
        await waiter.value  // returns instead of waiting for ever
        #expect(waiter.isCancelled)
    }

    @Test("a busy loop's signalled waits answer true; the next wait ends at its own deadline")
    func busyLoopThenDeadline() async {
        let event = WakeupEvent()
        let start = MonotonicClock.seconds()
        // A busy loop: each wait is signalled, each asks for a later deadline
        // (an hour away or more).
        for index in 0..<1_000 {
            event.signal()
            #expect(await event.wait(untilMonotonicSeconds: start + 3_600 + Double(index)) == true)
        }
        // Its own deadline ends it, not the later ones of the waits before.
        // The bound is far from both: in the whole suite, tests that keep
        // the machine's two cores busy can delay the timer.
        let before = MonotonicClock.seconds()
        #expect(await event.wait(untilMonotonicSeconds: before + 0.05) == false)
        #expect(MonotonicClock.seconds() - before < 1_800)
    }

    /// Signals `event` from a thread of its own 20 ms from now: the test's
    /// task is waiting by then (it registers before it suspends), and a
    /// thread is not held up by tests that keep Swift's task pool busy.
    private func signalSoon(_ event: WakeupEvent) {
        Thread.detachNewThread {
            usleep(20_000)
            event.signal()
        }
    }

    @Test("a wait signalled before its deadline leaves the timer at it; a later wait still ends at its own, later deadline")
    func laterDeadlineAfterSignalledWait() async {
        let event = WakeupEvent()
        let start = MonotonicClock.seconds()
        // The timer is armed for 3 s from now, and the wait signalled.
        signalSoon(event)
        #expect(await event.wait(untilMonotonicSeconds: start + 3) == true)
        // The timer fires at 3 s for this wait's 4 s: it must re-arm, not
        // end the wait early.
        #expect(await event.wait(untilMonotonicSeconds: start + 4) == false)
        #expect(MonotonicClock.seconds() >= start + 4)
    }

    @Test("an earlier deadline moves the timer forward")
    func earlierDeadlineMovesTimer() async {
        let event = WakeupEvent()
        // The timer is armed an hour ahead, and the wait signalled.
        signalSoon(event)
        #expect(await event.wait(untilMonotonicSeconds: MonotonicClock.seconds() + 3_600) == true)
        let before = MonotonicClock.seconds()
        #expect(await event.wait(untilMonotonicSeconds: before + 0.05) == false)
        #expect(MonotonicClock.seconds() - before < 1_800)
    }

    @Test("many signalled waits with far deadlines, then one that runs out")
    func manySignalledWaits() async {
        let event = WakeupEvent()
        // The outbox pump's pattern: each wait registers with a deadline
        // minutes away and a signal from another thread ends it.
        for _ in 0..<200 {
            let waiter = Task { await event.wait(untilMonotonicSeconds: MonotonicClock.seconds() + 600) }
            event.signal()  // before or during the wait: either way it ends it
            #expect(await waiter.value == true)
        }
        let before = MonotonicClock.seconds()
        #expect(await event.wait(untilMonotonicSeconds: before + 0.05) == false)
        #expect(MonotonicClock.seconds() - before < 1_800)
    }
}
