import CExecutor

/// A one-shot timer on the task thread (`TaskThread`): calls its action
/// once after a delay, unless cancelled first. Where the thread cannot be
/// started, a task that sleeps stands in for it.
public final class TaskThreadTimer: Sendable {
    private enum Backing {
        case thread(id: UInt64)
        case task(Task<Void, Never>)
    }

    /// What a scheduled callback holds (retained until it runs or is cancelled).
    private final class Action: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let backing: Backing

    /// Calls `action` on the task thread after `delaySeconds` (at once when
    /// not positive). The action must return soon: every task waits for it.
    public init(afterSeconds delaySeconds: Double, _ action: @escaping @Sendable () -> Void) {
        let nanoseconds = TaskThreadTimer.nanoseconds(delaySeconds)
        let context = Unmanaged.passRetained(Action(action)).toOpaque()
        let id = tempest_executor_schedule(nanoseconds, { context in
            Unmanaged<Action>.fromOpaque(context!).takeRetainedValue().run()
        }, context)
        if id != 0 {
            backing = .thread(id: id)
        } else {
            Unmanaged<Action>.fromOpaque(context).release()
            backing = .task(Task {
                try? await Task.sleep(nanoseconds: nanoseconds)
                if !Task.isCancelled { action() }
            })
        }
    }

    /// Stops the timer. True when its action had not started and now never
    /// will; false when it already ran or is running. (The stand-in task
    /// cannot tell: cancelling it answers true, and an action that already
    /// ran is not undone.)
    @discardableResult
    public func cancel() -> Bool {
        switch backing {
        case .thread(let id):
            var context: UnsafeMutableRawPointer?
            guard tempest_executor_cancel(id, &context), let context else { return false }
            Unmanaged<Action>.fromOpaque(context).release()
            return true
        case .task(let task):
            task.cancel()
            return true
        }
    }

    /// Whole nanoseconds of a delay in seconds, 0 for none, saturating.
    public static func nanoseconds(_ seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let value = seconds * 1_000_000_000
        return value >= Double(UInt64.max) ? UInt64.max : UInt64(value)
    }
}
