import Foundation
import Synchronization
import Testing

@testable import Gateway
@testable import GatewayCore

/// The task thread's timers and sleep, which the run's waits use instead of
/// `Task.sleep` (which would start libdispatch's pool monitor). The jobs
/// themselves move to the thread only in the built binary (every CLI test
/// runs through it; `a quiet gateway sleeps` counts its wake-ups).
@Suite("task thread")
struct TaskThreadTests {
    @Test("timers fire once each, in the order of their deadlines, and never early")
    func timersFireInOrder() async throws {
        let fired = Mutex<[(index: Int, at: Double)]>([])
        let start = MonotonicClock.seconds()
        let delays = [0.12, 0.03, 0.09, 0.0, 0.06]
        let timers = delays.enumerated().map { index, delay in
            TaskThreadTimer(afterSeconds: delay) { fired.withLock { $0.append((index, MonotonicClock.seconds())) } }
        }
        let deadline = start + 10
        while fired.withLock({ $0.count }) < delays.count && MonotonicClock.seconds() < deadline {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        let order = fired.withLock { $0 }
        #expect(order.map(\.index) == [3, 1, 4, 2, 0])
        for (index, at) in order { #expect(at - start >= delays[index] - 0.001, "timer \(index) fired early") }
        // Fired timers cannot be cancelled any more.
        #expect(timers.allSatisfy { !$0.cancel() })
    }

    @Test("a cancelled timer never fires, and only the first cancel counts")
    func cancelledTimerNeverFires() async throws {
        let fired = Atomic<Int>(0)
        let cancelled = TaskThreadTimer(afterSeconds: 0.05) { fired.add(1, ordering: .relaxed) }
        let kept = TaskThreadTimer(afterSeconds: 0.1) { fired.add(10, ordering: .relaxed) }
        #expect(cancelled.cancel())
        #expect(!cancelled.cancel())
        let deadline = MonotonicClock.seconds() + 10
        while fired.load(ordering: .relaxed) == 0 && MonotonicClock.seconds() < deadline {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        try await Task.sleep(nanoseconds: 100_000_000)  // the cancelled one's time is long past
        #expect(fired.load(ordering: .relaxed) == 10)
        #expect(!kept.cancel())
    }

    @Test("sleep waits at least its time and then returns normally")
    func sleepWaits() async throws {
        let start = MonotonicClock.seconds()
        try await TaskThread.sleep(seconds: 0.08)
        #expect(MonotonicClock.seconds() - start >= 0.079)
        try await TaskThread.sleep(for: .milliseconds(20))
        #expect(MonotonicClock.seconds() - start >= 0.099)
    }

    @Test("cancelling a sleeping task ends its sleep at once with CancellationError, also before it starts")
    func cancellationEndsSleep() async throws {
        let sleeper = Task { () -> Result<Void, any Error> in
            do { return .success(try await TaskThread.sleep(seconds: 3_600)) } catch { return .failure(error) }
        }
        try await Task.sleep(nanoseconds: 20_000_000)
        sleeper.cancel()
        // Without the cancellation this would wait an hour.
        let result = await sleeper.value
        #expect(throws: CancellationError.self) { try result.get() }

        let early = Task { () -> Result<Void, any Error> in
            withUnsafeCurrentTask { $0?.cancel() }
            do { return .success(try await TaskThread.sleep(seconds: 3_600)) } catch { return .failure(error) }
        }
        let earlyResult = await early.value
        #expect(throws: CancellationError.self) { try earlyResult.get() }
    }

    @Test("delays in seconds become whole nanoseconds, none for negative, saturating for huge")
    func nanoseconds() {
        #expect(TaskThreadTimer.nanoseconds(1.5) == 1_500_000_000)
        #expect(TaskThreadTimer.nanoseconds(-3) == 0)
        #expect(TaskThreadTimer.nanoseconds(.nan) == 0)
        #expect(TaskThreadTimer.nanoseconds(1e300) == UInt64.max)
    }
}
