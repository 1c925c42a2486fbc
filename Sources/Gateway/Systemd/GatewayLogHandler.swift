// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc
import Logging
import Pipeline
import TempestUDP

/// Log lines on standard error (or standard output, `run --log-to stdout`):
/// under systemd (`$JOURNAL_STREAM` set) each
/// line starts with a syslog priority prefix such as `<4>` so journald files
/// it at the right level; on a terminal it is plain readable text with a
/// UTC time and the level in words. Metadata is appended as `key=value`.
struct GatewayLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    let label: String
    let forJournal: Bool
    let descriptor: Int32

    init(label: String, descriptor: Int32 = STDERR_FILENO, forJournal: Bool = getenv("JOURNAL_STREAM") != nil) {
        self.label = label
        self.descriptor = descriptor
        self.forJournal = forJournal
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let details = merged.isEmpty
            ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let line: String
        if forJournal {
            line = "<\(GatewayLogHandler.syslogPriority(event.level))>\(event.message)\(details)"
        } else {
            let time = UTCTime.iso8601(.init(secondsSince1970: Int64(Glibc.time(nil))))
            line = "\(time) \(event.level.rawValue): \(event.message)\(details)"
        }
        StandardOutput.line(line, to: descriptor)
    }

    /// The syslog priority journald understands for a swift-log level.
    static func syslogPriority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}

