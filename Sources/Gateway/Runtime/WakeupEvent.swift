import Synchronization

/// Wakes one waiting task, with an optional time limit: the way the run's
/// loops sleep until there is something to do instead of polling, so that a
/// quiet gateway costs almost no CPU (a Pi runs it for years).
///
/// A signal with no task waiting is kept (once) for the next wait, so none
/// is lost between two waits. Spurious returns are possible (a time limit
/// that ran out just as a signal came): callers re-check their conditions.
final class WakeupEvent: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    init() {}

    /// Wakes the waiting task, or the next one to wait. Safe from any thread.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Waits for a signal (or returns at once if one is pending). Returns
    /// early when the task is cancelled. One task waits at a time.
    func wait() async {
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

    /// Waits for a signal or `seconds` at most (nil: no limit). Returns true
    /// when signalled, false when the time ran out.
    @discardableResult
    func wait(seconds: Double?) async -> Bool {
        guard let seconds else {
            await wait()
            return true
        }
        let timedOut = Atomic<Bool>(false)
        let timer = Task { [self] in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            guard !Task.isCancelled else { return }
            timedOut.store(true, ordering: .relaxed)
            signal()
        }
        await wait()
        timer.cancel()
        return !timedOut.load(ordering: .relaxed)
    }
}
