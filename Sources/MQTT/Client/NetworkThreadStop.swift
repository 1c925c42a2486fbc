// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CMosquitto
import Glibc
import Synchronization
import SystemSupport

/// Ends libmosquitto's network thread after a disconnect, even when the
/// disconnect landed while the thread was reconnecting.
///
/// libmosquitto 2.0.11 (Debian 12's) ends its thread when it finds the
/// handle's state "disconnected". A reconnect sets the state back to "new"
/// as it starts, so a `mosquitto_disconnect` that comes while the thread is
/// reconnecting (the broker is down and the thread retries) is overwritten,
/// the thread retries for ever, and `mosquitto_loop_stop(force: false)`
/// waits for ever (eclipse-mosquitto #2545; seen here as a `doctor` that
/// never ended). Cancelling the thread instead could stop it inside one of
/// our callbacks, holding a lock of ours. So the wait runs on a thread of
/// its own while the caller disconnects again every 100 ms until the
/// network thread has ended: a disconnect after the reconnect's reset wins.
final class NetworkThreadStop: Sendable {
    private let handle: MosquittoHandle
    private let finished = Atomic<Bool>(false)
    private let thread = Mutex<NamedThread?>(nil)

    private init(handle: MosquittoHandle) {
        self.handle = handle
    }

    /// Disconnects `handle` and returns once its network thread has ended.
    /// Returns in a few milliseconds when the disconnect is not missed.
    static func disconnectAndStop(_ handle: MosquittoHandle) {
        mosquitto_disconnect(handle.pointer)
        let stop = NetworkThreadStop(handle: handle)
        guard stop.startWaiting() else {
            // No thread for the wait: wait here, as libmosquitto would.
            mosquitto_loop_stop(handle.pointer, false)
            return
        }
        var polls = 0
        while !stop.finished.load(ordering: .acquiring) {
            usleep(10_000)
            polls += 1
            if polls % 10 == 0 && !stop.finished.load(ordering: .acquiring) { mosquitto_disconnect(handle.pointer) }
        }
        stop.join()
    }

    private func startWaiting() -> Bool {
        let started = try? NamedThread(named: "mqtt-stop") {
            mosquitto_loop_stop(self.handle.pointer, false)
            self.finished.store(true, ordering: .releasing)
        }
        guard let started else { return false }
        thread.withLock { $0 = started }
        return true
    }

    private func join() {
        thread.withLock { state in defer { state = nil }; return state }?.join()
    }
}
