// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization

/// SIGINT and SIGTERM ask the gateway to stop: the handler only records the
/// signal (an atomic store is async-signal-safe) and wakes the listening
/// loop through `SignalWakeups`, which shuts down in order: listener first,
/// then the batch in flight is committed.
public enum ShutdownSignal {
    private static let received = Atomic<Int32>(0)

    /// Routes SIGINT and SIGTERM to the flag instead of killing the process.
    public static func install() {
        SignalWakeups.install()
        signal(SIGINT) { number in
            ShutdownSignal.received.store(number, ordering: .relaxed)
            SignalWakeups.notify()
        }
        signal(SIGTERM) { number in
            ShutdownSignal.received.store(number, ordering: .relaxed)
            SignalWakeups.notify()
        }
    }

    /// The signal that asked for shutdown, if one did.
    public static var requested: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// "interrupt (SIGINT)" or "terminate (SIGTERM)".
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "interrupt (SIGINT)"
        case SIGTERM: "terminate (SIGTERM)"
        default: "signal \(number)"
        }
    }
}
