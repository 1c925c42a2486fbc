// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization
import SystemSupport

/// Wakes one waiting task, with an optional deadline: the way the run's
/// loops sleep until there is something to do instead of polling, so that a
/// quiet gateway costs almost no CPU (a Pi runs it for years).
///
/// A signal with no task waiting is kept (once) for the next wait, so none
/// is lost between two waits. Callers re-check their conditions after each
/// wait: a signal kept from before may have been for work already done.
public final class WakeupEvent: Sendable {
    private struct State {
        /// A signal came while no task waited: the next wait returns at once.
        var pending = false
        /// The waiting task and the number of its wait, which the deadline
        /// and cancellation of that wait (and no other) may end.
        var waiter: (continuation: CheckedContinuation<Bool, Never>, wait: UInt64)?
        /// Waits begun so far.
        var waits: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes the waiting task, or the next one to wait. Safe from any thread.
    public func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: true)
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
        // A task that sleeps until the deadline, started once the waiter is
        // registered and cancelled as soon as the wait is over.
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { state -> Bool? in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return false }
                    state.waiter = (continuation, wait)
                    return nil
                }
                if let answer { return continuation.resume(returning: answer) }
                if let deadline {
                    timer = Task { [self] in
                        try? await Task.sleep(for: .seconds(max(0, deadline - MonotonicClock.seconds())))
                        if !Task.isCancelled { end(wait) }
                    }
                }
            }
        } onCancel: {
            end(wait)
        }
    }

    /// Ends wait number `wait` unsignalled, if it is still the one waiting.
    private func end(_ wait: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter, waiter.wait == wait else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: false)
    }
}
