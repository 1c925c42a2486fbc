// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport
import Testing

@Suite("Named threads")
struct NamedThreadTests {
    /// What a test thread saw, for the test to check after it ended.
    final class Observation: Sendable {
        let threadName = Mutex("")
        let ended = Atomic<Bool>(false)

        /// Records the calling thread's name as the kernel has it.
        func recordThreadName() {
            threadName.withLock { $0 = NamedThreadTests.currentThreadName() }
        }
    }

    static func currentThreadName() -> String {
        let descriptor = open("/proc/thread-self/comm", O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(descriptor, &bytes, bytes.count)
        return String(decoding: bytes[0..<max(0, count)], as: UTF8.self).filter { $0 != "\n" }
    }

    @Test("the body runs on a thread with the given name; join waits for its end")
    func namedAndJoined() throws {
        let observation = Observation()
        let thread = try NamedThread(named: "test-worker") {
            observation.recordThreadName()
            MonotonicClock.sleep(seconds: 0.05)
            observation.ended.store(true, ordering: .releasing)
        }
        thread.join()
        let ended = observation.ended.load(ordering: .acquiring)
        #expect(ended)
        #expect(observation.threadName.withLock { $0 } == "test-worker")
        #expect(NamedThreadTests.currentThreadName() != "test-worker")
    }

    @Test("a name longer than the kernel keeps is cut to 15 bytes")
    func longNameCut() throws {
        let observation = Observation()
        try NamedThread(named: "a-very-long-thread-name") { observation.recordThreadName() }.join()
        #expect(observation.threadName.withLock { $0 } == "a-very-long-thr")
    }

    @Test("a detached thread runs its body to the end")
    func detached() throws {
        let observation = Observation()
        try NamedThread(named: "test-detached") { observation.ended.store(true, ordering: .releasing) }.detach()
        let deadline = MonotonicClock.seconds() + 10
        while !observation.ended.load(ordering: .acquiring) && MonotonicClock.seconds() < deadline {
            MonotonicClock.sleep(seconds: 0.001)
        }
        let ended = observation.ended.load(ordering: .acquiring)
        #expect(ended)
    }
}
