// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport

/// Ends the process if a stop overruns its budget (`StopBudget`): a last
/// resort that says so in the log and exits with status 1, instead of
/// leaving the process for systemd to kill after `TimeoutStopSec`.
package final class StopWatchdog: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Starts the countdown of `seconds`.
    package init(seconds: Double, operatorLog: OperatorLog) {
        let ticks = Int(seconds * 20)
        let thread = try? NamedThread(named: "stop-watchdog") { [self] in
            for _ in 0..<ticks {
                usleep(50_000)
                if self.cancelled.load(ordering: .relaxed) { return }
            }
            operatorLog.line(
                "Stopping took longer than \(Int(seconds)) seconds; exiting now. Records not yet written are lost.")
            _exit(1)
        }
        thread?.detach()
    }

    /// The stop finished in time.
    package func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }
}
