// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import Pipeline
import TempestUDP

/// Prints what a `UDPListener` hears, as readable lines or JSON lines.
struct LiveMessagePrinter: Sendable {
    /// Print JSON lines instead of sentences.
    let json: Bool
    /// Also print rejected and ignored datagrams (to standard error).
    let showRejected: Bool
    let style: TerminalStyle
    /// The units of the sentences (JSON lines stay in protocol units).
    var units: PublishedUnits = .metric

    func handle(_ event: ListenerEvent) {
        switch event {
        case .message(let received):
            if json {
                var writer = JSONWriter()
                received.message.writeCanonicalJSON(into: &writer, appendToMessage: { writer in
                    writer.member("source_address", received.sourceAddress)
                    writer.member("received_at", received.receivedAt.secondsSince1970)
                    if received.isLate { writer.member("late", true) }
                })
                StandardOutput.line(writer.text)
            } else {
                StandardOutput.line(MessageDescription.line(for: received.message, isLate: received.isLate, style: style, units: units))
            }
        case .rejected(let error, let source):
            if showRejected {
                StandardOutput.errorLine("rejected a datagram from \(source): \(error.category): \(error.detail)")
            }
        case .ignored(let type, let source):
            if showRejected {
                StandardOutput.errorLine("ignored a datagram of unknown type \"\(type)\" from \(source)")
            }
        case .future(let future):
            if showRejected {
                StandardOutput.errorLine(
                    "quarantined a \(future.message.type.rawValue) message from \(future.message.envelope.serialNumber) "
                        + "via \(future.sourceAddress): dated \(future.message.timestamp.secondsSince1970 - future.receivedAt.secondsSince1970) "
                        + "seconds ahead of the clock")
            }
        }
    }
}
