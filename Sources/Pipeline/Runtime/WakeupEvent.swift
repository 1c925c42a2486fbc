// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Dispatch
import Synchronization
import SystemSupport

/// Wakes one waiting task, with an optional deadline: the way the run's
/// loops sleep until there is something to do instead of polling, so that a
/// quiet gateway costs almost no CPU (a Pi runs it for years).
///
/// A signal with no task waiting is kept (once) for the next wait, so none
/// is lost between two waits. Callers re-check their conditions after each
/// wait: a signal kept from before may have been for work already done.
///
/// Deadlines share one dispatch timer, moved rather than made anew: a
/// cancelled `Task.sleep` stays in memory until its own deadline, and the
/// outbox pump waits once per commit with a deadline minutes away (a
/// device falling silent), so a sleeping task per wait would pile up. The
/// timer is moved earlier at once, but not later: when it fires before the
/// waiter's deadline it re-arms itself, which costs one early wake-up
/// instead of a timer update on every wait.
public final class WakeupEvent: Sendable {
    private struct Waiter {
        var continuation: CheckedContinuation<Bool, Never>
        /// The number of this wait, which its cancellation (and no other's) may end.
        var wait: UInt64
        /// When the wait ends unsignalled (monotonic ns), nil for never.
        var deadlineNanoseconds: UInt64?
    }

    private struct State {
        /// A signal came while no task waited: the next wait returns at once.
        var pending = false
        var waiter: Waiter?
        /// Waits begun so far.
        var waits: UInt64 = 0
        /// When the timer fires next (monotonic ns), nil when it is not armed.
        var timerDueNanoseconds: UInt64?
    }

    private let state = Mutex(State())
    /// Made on the first wait with a deadline; cancelled with the event.
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    public init() {}

    deinit {
        timer.withLock { $0?.cancel() }
    }

    /// Wakes the waiting task, or the next one to wait. Safe from any thread.
    public func signal() {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: true)
    }

    /// Waits for a signal (or returns at once if one is pending). Returns
    /// early when the task is cancelled. One task waits at a time.
    public func wait() async {
        await wait(untilMonotonicSeconds: nil)
    }

    /// Waits for a signal or until the monotonic clock (`MonotonicClock`)
    /// reads `deadline` (nil: no limit). Returns true when signalled, false
    /// when the deadline passed or the task was cancelled.
    @discardableResult
    public func wait(untilMonotonicSeconds deadline: Double?) async -> Bool {
        let wait = state.withLock { state in
            state.waits &+= 1
            return state.waits
        }
        let deadlineNanoseconds = deadline.map { UInt64(max(0, $0) * 1e9) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (answer, armAt) = state.withLock { state -> (Bool?, UInt64?) in
                    if state.pending {
                        state.pending = false
                        return (true, nil)
                    }
                    if Task.isCancelled { return (false, nil) }
                    state.waiter = Waiter(continuation: continuation, wait: wait, deadlineNanoseconds: deadlineNanoseconds)
                    guard let deadlineNanoseconds else { return (nil, nil) }
                    if let due = state.timerDueNanoseconds, due <= deadlineNanoseconds { return (nil, nil) }
                    state.timerDueNanoseconds = deadlineNanoseconds
                    return (nil, deadlineNanoseconds)
                }
                if let answer { return continuation.resume(returning: answer) }
                if let armAt { arm(atMonotonicNanoseconds: armAt) }
            }
        } onCancel: {
            end(wait)
        }
    }

    /// Points the timer at `due`, making it on first use.
    private func arm(atMonotonicNanoseconds due: UInt64) {
        let now = MonotonicClock.nanoseconds()
        let fireAt = DispatchTime.now() + .nanoseconds(Int(clamping: due > now ? due - now : 0))
        timer.withLock { timer in
            if timer == nil {
                let made = DispatchSource.makeTimerSource(queue: .global())
                made.setEventHandler { [weak self] in self?.timerFired() }
                made.schedule(deadline: fireAt)
                made.activate()
                timer = made
            } else {
                timer?.schedule(deadline: fireAt)
            }
        }
    }

    /// Ends the wait whose deadline passed; re-arms for a waiter whose
    /// deadline is still ahead (the timer is not moved later on each wait).
    private func timerFired() {
        let now = MonotonicClock.nanoseconds()
        let (expired, rearmAt) = state.withLock { state -> (Waiter?, UInt64?) in
            state.timerDueNanoseconds = nil
            guard let waiter = state.waiter, let deadline = waiter.deadlineNanoseconds else { return (nil, nil) }
            if deadline <= now {
                state.waiter = nil
                return (waiter, nil)
            }
            state.timerDueNanoseconds = deadline
            return (nil, deadline)
        }
        if let rearmAt { arm(atMonotonicNanoseconds: rearmAt) }
        expired?.continuation.resume(returning: false)
    }

    /// Ends wait number `wait` unsignalled, if it is still the one waiting.
    private func end(_ wait: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let waiter = state.waiter, waiter.wait == wait else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: false)
    }
}
