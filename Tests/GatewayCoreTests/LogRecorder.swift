// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Logging
import Synchronization

/// Keeps what a logger was given, so tests can read every line (and find
/// what must never be there).
final class LogRecorder: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var text: String
    }

    private let recorded = Mutex<[Line]>([])

    var lines: [Line] { recorded.withLock { $0 } }

    /// A logger writing here, at every level.
    func logger() -> Logger {
        Logger(label: "test") { _ in Handler(recorder: self) }
    }

    struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let text = "\(event.message) \(metadata.merging(event.metadata ?? [:]) { $1 })"
            recorder.recorded.withLock { $0.append(Line(level: event.level, text: text)) }
        }
    }
}
