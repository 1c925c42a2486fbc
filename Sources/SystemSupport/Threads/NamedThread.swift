// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CProcess
import Glibc

/// A POSIX thread of our own, with a name, running one closure: for work
/// that blocks (sockets, SQLite commits, libcurl and libmosquitto calls) and
/// so does not belong on Swift's small cooperative pool.
///
/// The name is what `top -H`, `ps -L` and `/proc/<pid>/task/<tid>/comm`
/// show; without one every thread carries the name of the thread that
/// started it. The body is a `@Sendable` closure, which never takes on the
/// isolation of the code that starts it (a closure isolated to the main
/// actor would crash when called on this thread).
public struct NamedThread: Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread named `name` (the kernel keeps 15
    /// bytes of it). Join the thread or detach it.
    /// - Throws: the error `pthread_create` returned.
    public init(named name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                tempest_name_current_thread(start.name)
                start.body()
                return nil
            }, start)
        guard status == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            throw SystemError(number: status)
        }
        self.thread = thread
    }

    /// Waits until the thread has ended. Call it once, and never after
    /// `detach()`.
    public func join() {
        pthread_join(thread, nil)
    }

    /// Lets the system free the thread when it ends, for a thread nobody
    /// joins.
    public func detach() {
        pthread_detach(thread)
    }

    /// What the new thread needs, handed over through a raw pointer.
    private final class Start {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
