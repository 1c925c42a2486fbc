// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization
import SystemSupport

/// The MQTT sink's own thread for commits (`mqtt-commits`): the writer's
/// commit notice only marks work and wakes it, and it hands the commit's
/// events and values to the client. At a station's pace that is one thread
/// wake-up per datagram on a pthread condition variable, the cheapest the
/// kernel offers; resuming a Swift task for it cost about 30 µs of CPU more
/// per datagram (measured: docs/performance.md). The publisher's pump task
/// still does the rest (reconnects, the outbox read back, announcements).
final class CommitDeliveryThread: Sendable {
    /// The state the thread and its callers share, under `lock`.
    private final class StateBox: @unchecked Sendable {
        var pending = false
        var stopping = false
    }
    private let lock = ConditionLock()
    private let box = StateBox()
    private let thread = Mutex<NamedThread?>(nil)

    /// A thread not yet started (`start`).
    init() {}

    /// Starts the thread, which calls `deliver` after each `signal` (several
    /// signals before it runs fold into one call). False when no thread
    /// could be made: the pump then delivers commits.
    @discardableResult
    func start(deliver: @escaping @Sendable () -> Void) -> Bool {
        let (lock, box) = (self.lock, self.box)
        let made = try? NamedThread(named: "mqtt-commits") {
            while true {
                let stop = lock.withLock { () -> Bool in
                    while !box.pending && !box.stopping { lock.wait(until: nil) }
                    box.pending = false
                    return box.stopping
                }
                if stop { return }
                deliver()
            }
        }
        thread.withLock { $0 = made }
        return made != nil
    }

    /// Whether the thread runs (else the pump delivers commits).
    var isRunning: Bool { thread.withLock { $0 != nil } }

    /// There is work: wakes the thread (after the mutex is released).
    func signal() {
        lock.withLock { box.pending = true }
        lock.signal()
    }

    /// Ends the thread once its current delivery is done; with `waiting`,
    /// waits for it (never from the thread itself: a publisher released
    /// there stops it without waiting).
    func stop(waiting: Bool = true) {
        let first = lock.withLock { () -> Bool in
            defer { box.stopping = true }
            return !box.stopping
        }
        lock.signal()
        guard first, let thread = thread.withLock({ $0 }) else { return }
        if waiting { thread.join() } else { thread.detach() }
    }
}
