// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Synchronization

/// Keeps a reload from applying a configuration file that sets no key
/// (empty, or only comments) when the running configuration came from a
/// file that set some: an emptied file is more often a mistake (an editor
/// that failed, a half-done copy) than a wish for every default, which
/// would move the gateway to the broker on localhost:1883, say. A file
/// that set nothing from the start (the shipped example, all comments) may
/// be reloaded as it is. `run --allow-empty` turns the guard off; there is
/// no configuration key for it, since an emptied file could not hold it.
final class EmptyFileGuard: Sendable {
    private let runningFileSetsKeys = Atomic<Bool>(false)

    /// Admits `loaded` as the configuration about to be used, or throws
    /// ``ConfigurationError/emptyFile(path:)`` when it is a reload that
    /// must not be applied.
    func admit(_ loaded: LoadedConfiguration, reloading: Bool) throws {
        if reloading, loaded.setsNoKey, let path = loaded.path, runningFileSetsKeys.load(ordering: .relaxed) {
            throw ConfigurationError.emptyFile(path: path)
        }
        runningFileSetsKeys.store(loaded.path != nil && !loaded.setsNoKey, ordering: .relaxed)
    }
}
