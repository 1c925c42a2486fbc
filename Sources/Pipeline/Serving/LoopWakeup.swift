// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport

/// The wake-up of a ``RequestAnswerLoop``: a pipe its poll(2) watches, and
/// whether an update of its event streams was asked for. Made before the
/// loop, so that what asks for updates (the web page's live-update sink,
/// told of every commit) exists before the server does.
public final class LoopWakeup: Sendable {
    let reader: Int32
    let writer: Int32
    /// Streams open now: notifications are dropped while there are none.
    let openStreams = Atomic<Int>(0)
    /// Whether a notification waits for the loop.
    let notified = Atomic<Bool>(false)

    /// A new pipe, both ends non-blocking.
    public init() throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError.current }
        for descriptor in ends {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        reader = ends[0]
        writer = ends[1]
    }

    deinit {
        close(reader)
        close(writer)
    }

    /// Asks for an update of every stream: cheap enough for a hot path (an
    /// atomic load without streams; with streams at most one pipe write
    /// until the loop has sent the update).
    public func notify() {
        guard openStreams.load(ordering: .relaxed) > 0, !notified.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake()
    }

    /// Wakes the loop's poll.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
    }
}
