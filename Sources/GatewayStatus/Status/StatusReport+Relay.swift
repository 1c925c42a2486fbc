// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import SystemSupport
import TempestUDP

extension StatusReport {
    /// One line per relay target: what was sent, what failed and why last.
    /// None without a relay.
    static func relayText(_ statistics: ListenerStatistics) -> [String] {
        statistics.relayTargets.map { target in
            var line = "Relay to \(target.target): sent \(target.datagramsSent), failed \(target.failures)"
            if target.lastErrorNumber != 0 { line += " (latest: \(SystemError(number: target.lastErrorNumber).message))" }
            return line + "."
        }
    }

    /// `relayed` and the targets' counts, as members of the `udp` object.
    static func writeRelay(_ statistics: ListenerStatistics, into json: inout JSONWriter) {
        json.member("relayed", Int64(statistics.relayed))
        json.key("relay")
        json.beginArray()
        for target in statistics.relayTargets {
            json.beginObject()
            json.member("target", target.target.description)
            json.member("sent", Int64(target.datagramsSent))
            json.member("failures", Int64(target.failures))
            json.member(
                "last_error", target.lastErrorNumber == 0 ? nil : SystemError(number: target.lastErrorNumber).message)
            json.endObject()
        }
        json.endArray()
    }

    /// The relay's counters as Prometheus samples: the datagrams relayed,
    /// and each target's sends and failures, labelled by target.
    static func relayMetrics(
        _ statistics: ListenerStatistics,
        metric: (_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) -> Void
    ) {
        metric(
            "datagrams_relayed_total", "counter", "Admitted datagrams forwarded to the relay targets (udp.relay).",
            [("", String(statistics.relayed))])
        guard !statistics.relayTargets.isEmpty else { return }
        metric(
            "relay_sent_total", "counter", "Datagrams the kernel took for each relay target.",
            statistics.relayTargets.map { ("target=\"\($0.target)\"", String($0.datagramsSent)) })
        metric(
            "relay_failures_total", "counter", "Datagrams dropped for each relay target (buffer full or refused).",
            statistics.relayTargets.map { ("target=\"\($0.target)\"", String($0.failures)) })
    }
}
