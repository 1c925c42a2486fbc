// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// The pthread that runs `WriterState.run`.
final class WriterThread: Sendable {
    private let thread: NamedThread
    private let joined = OnceFlag()

    init(store: StoreBox, state: WriterState, observers: [any CommitObserver]) throws {
        do {
            thread = try NamedThread(named: "store-writer") { state.run(store: store.take(), observers: observers) }
        } catch {
            throw StorageError.invalidValue("could not start the writer thread (pthread_create returned \(error.number))")
        }
    }

    /// Waits for the thread to finish (once; later calls return at once).
    func join() {
        guard joined.setOnce() else { return }
        thread.join()
    }
}
