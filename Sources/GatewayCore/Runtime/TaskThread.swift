import CExecutor
import Synchronization

/// The one thread that runs the gateway's Swift tasks, in place of
/// libdispatch's thread pool (`CExecutor.h` says why: that pool's monitor
/// wakes an idle gateway once a second, 5-6.6 CPU-seconds a day here).
///
/// The tasks mostly wait for the gateway's own threads (the listener, the
/// store writer, libmosquitto's), so one thread serves them. Code that runs
/// in a task therefore never blocks for long: HTTP transfers, SQLite
/// commits and sockets have threads of their own.
///
/// `Task.sleep` goes to libdispatch whatever executor runs the task (Swift
/// 6.3), so the gateway's waits use `sleep(seconds:)` and `TaskThreadTimer`.
public enum TaskThread {
    /// Routes every task of this process to the thread. Call it first, on
    /// the main actor, before any task runs elsewhere: libdispatch starts
    /// its monitor for good once a task ran on its pool. False when the
    /// thread could not be started (the tasks stay with libdispatch).
    @discardableResult
    public static func install() -> Bool { tempest_executor_install() }

    /// Sleeps for `seconds` on the task thread's clock, like `Task.sleep`:
    /// throws `CancellationError` when the task is cancelled before or
    /// during the sleep, which then ends at once.
    public static func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        let sleeper = Sleeper()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                sleeper.start(continuation, seconds: seconds)
            }
        } onCancel: {
            sleeper.cancel()
        }
        try Task.checkCancellation()
    }

    /// `sleep(seconds:)` in the shape the HTTP retry policy and the forecast
    /// poller take.
    @Sendable
    public static func sleep(for duration: Duration) async throws {
        let (seconds, attoseconds) = duration.components
        try await sleep(seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// One sleep: its continuation and timer, and whether it was cancelled.
    private final class Sleeper: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Void, Never>?
            var timer: TaskThreadTimer?
            var cancelled = false
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Void, Never>, seconds: Double) {
            let cancelledAlready = state.withLock { state -> Bool in
                guard !state.cancelled else { return true }
                state.continuation = continuation
                return false
            }
            if cancelledAlready { return continuation.resume() }
            let timer = TaskThreadTimer(afterSeconds: seconds) { [self] in resume() }
            let cancelledMeanwhile = state.withLock { state -> Bool in
                state.timer = timer
                return state.cancelled
            }
            if cancelledMeanwhile && timer.cancel() { resume() }
        }

        func cancel() {
            let timer = state.withLock { state -> TaskThreadTimer? in
                state.cancelled = true
                return state.timer
            }
            // No timer yet: `start` sees the flag. A timer that already ran resumed the sleep itself.
            if let timer, timer.cancel() { resume() }
        }

        private func resume() {
            state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }?.resume()
        }
    }
}
