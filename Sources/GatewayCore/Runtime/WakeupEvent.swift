import Synchronization

/// Wakes one waiting task, with an optional deadline: the way the run's
/// loops sleep until there is something to do instead of polling, so that a
/// quiet gateway costs almost no CPU (a Pi runs it for years).
///
/// A signal with no task waiting is kept (once) for the next wait, so none
/// is lost between two waits. Spurious returns are possible (a deadline
/// that passed just as a signal came, or an earlier deadline's timer):
/// callers re-check their conditions.
///
/// One timer serves successive waits: a wait whose deadline is the same as
/// or later than the armed timer's keeps that timer (it wakes the loop early
/// at worst, and the loop waits again), so a busy loop that waits once per
/// datagram does not leave a cancelled timer behind for each.
public final class WakeupEvent: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
        /// The armed timer's deadline (monotonic seconds), its generation,
        /// and its timer (attached once created).
        var timer: (deadline: Double, generation: UInt64, timer: TaskThreadTimer?)?
        var timerGeneration: UInt64 = 0
        /// `signal()` was called since the last wait returned.
        var signalled = false
        /// Timers started so far (for tests).
        var timersStarted = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes the waiting task, or the next one to wait. Safe from any thread.
    public func signal() {
        wake(byTimer: false)
    }

    /// Waits for a signal (or returns at once if one is pending). Returns
    /// early when the task is cancelled. One task waits at a time.
    public func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            signal()
        }
    }

    /// Waits for a signal or until the monotonic clock (`MonotonicClock`)
    /// reads `deadline` (nil: no limit). Returns true when signalled, false
    /// when woken by a deadline.
    @discardableResult
    public func wait(untilMonotonicSeconds deadline: Double?) async -> Bool {
        if let deadline { arm(deadline) }
        await wait()
        return state.withLock { state in
            defer { state.signalled = false }
            return state.signalled
        }
    }

    /// How many timers the waits have started so far.
    public var timersStarted: Int { state.withLock { $0.timersStarted } }

    private func arm(_ deadline: Double) {
        // Recorded before the timer exists, so that a timer that fires at once
        // still finds itself armed.
        let replaced = state.withLock { state -> (generation: UInt64, old: TaskThreadTimer?)? in
            if let timer = state.timer, timer.deadline <= deadline { return nil }
            state.timerGeneration &+= 1
            let old = state.timer?.timer
            state.timer = (deadline, state.timerGeneration, nil)
            state.timersStarted += 1
            return (state.timerGeneration, old)
        }
        guard let replaced else { return }
        replaced.old?.cancel()
        let timer = TaskThreadTimer(afterSeconds: deadline - MonotonicClock.seconds()) { [self] in
            let current = state.withLock { state -> Bool in
                guard state.timer?.generation == replaced.generation else { return false }
                state.timer = nil
                return true
            }
            if current { wake(byTimer: true) }
        }
        let superseded = state.withLock { state -> Bool in
            guard state.timer?.generation == replaced.generation else { return state.timerGeneration != replaced.generation }
            state.timer?.timer = timer
            return false
        }
        // A later call armed an earlier timer meanwhile: this one is not needed.
        if superseded { timer.cancel() }
    }

    private func wake(byTimer: Bool) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if !byTimer { state.signalled = true }
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
