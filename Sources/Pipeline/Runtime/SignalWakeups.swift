// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport

/// Carries SIGINT, SIGTERM and SIGHUP from their handlers to the tasks that
/// act on them, without polling: a handler writes one byte to a pipe (as
/// async-signal-safe as its atomic store), and a thread blocked on the pipe
/// tells every observer. A quiet gateway thus has no timer to check flags.
public enum SignalWakeups {
    private static let pipeEnds = Mutex<(read: Int32, write: Int32)?>(nil)
    /// The write end, read lock-free in the handlers (-1 until installed).
    private static let writeEnd = Atomic<Int32>(-1)
    private static let observers = Mutex<[@Sendable () -> Void]>([])

    /// Creates the pipe and its thread, once; later calls do nothing.
    public static func install() {
        let created = pipeEnds.withLock { ends -> (read: Int32, write: Int32)? in
            guard ends == nil else { return nil }
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else { return nil }
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            // A full pipe must never block a handler: the byte only says
            // "look at the flags", and a pending byte already says that.
            _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
            ends = (descriptors[0], descriptors[1])
            return ends
        }
        guard let created else { return }
        writeEnd.store(created.write, ordering: .relaxed)
        let readEnd = created.read
        (try? NamedThread(named: "signal-wakeups") { SignalWakeups.deliver(from: readEnd) })?.detach()
    }

    /// Calls `observer` (on the pipe's thread: keep it short) after every
    /// signal that reaches a handler.
    public static func observe(_ observer: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// For the signal handlers: async-signal-safe (an atomic load and write(2)).
    public static func notify() {
        let descriptor = writeEnd.load(ordering: .relaxed)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 1
        let savedErrno = errno  // a handler must leave errno as it found it
        _ = write(descriptor, &byte, 1)
        errno = savedErrno
    }

    private static func deliver(from descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            for observer in observers.withLock({ $0 }) { observer() }
        }
    }
}
