// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc
import Pipeline
import Synchronization
import TempestUDP

/// Listens for the hub's broadcasts for a while, sharing the port with a
/// running gateway, and says what it heard.
struct BroadcastProbe {
    /// The UDP port listened on.
    var port: UInt16
    /// Whether the port could be bound (shared); nil when it could.
    var bindError: String?
    /// Messages heard per device serial.
    var heard: [String: Int] = [:]
    /// Messages decoded while listening.
    var decoded: UInt64 = 0
    /// Datagrams rejected while listening.
    var rejected: UInt64 = 0
    /// Datagrams received while listening.
    var datagramsReceived: UInt64 = 0
    /// How long it listened at most, in seconds.
    var seconds: Int

    /// Listens on `port` until something is heard (then half a second more,
    /// so the other devices speak too) or `seconds` pass.
    static func listen(port: UInt16, seconds: Int) -> BroadcastProbe {
        var probe = BroadcastProbe(port: port, seconds: seconds)
        let heard = Mutex<[String: Int]>([:])
        let listener: UDPListener
        do {
            listener = try UDPListener(configuration: .init(port: port))
            try listener.start { event in
                if case .message(let received) = event {
                    heard.withLock { $0[received.message.envelope.serialNumber.rawValue, default: 0] += 1 }
                }
            }
        } catch {
            probe.bindError = "\(error)"
            return probe
        }
        for _ in 0..<(seconds * 10) where heard.withLock({ $0.isEmpty }) { usleep(100_000) }
        if heard.withLock({ $0.isEmpty }) == false { usleep(500_000) }
        listener.stop()
        let statistics = listener.statistics
        probe.heard = heard.withLock { $0 }
        probe.decoded = statistics.decoded
        probe.rejected = statistics.rejected
        probe.datagramsReceived = statistics.datagramsReceived
        return probe
    }

    /// "The port can be shared" and "broadcasts arrive".
    var checks: [GatewayCheck] {
        let shared = "UDP port \(port) can be shared"
        if let bindError {
            return [
                GatewayCheck(
                    name: shared, outcome: .fail, detail: bindError,
                    hint: "another program holds port \(port) without SO_REUSEPORT; stop it, or run the gateway instead of it")
            ]
        }
        var checks = [GatewayCheck(name: shared, outcome: .pass, detail: "bound with SO_REUSEADDR and SO_REUSEPORT")]
        let serials = heard.keys.sorted()
        if serials.isEmpty {
            checks.append(
                GatewayCheck(
                    name: "hub broadcasts arrive", outcome: .fail,
                    detail: "nothing arrived on UDP port \(port) in \(Plural.count(seconds, "second")) (\(Plural.count(datagramsReceived, "datagram")) received)",
                    hint: "check that the hub is online and on this subnet and VLAN, that Docker uses host networking, that no firewall drops UDP \(port), and that Wi-Fi client isolation is off"))
        } else {
            checks.append(
                GatewayCheck(
                    name: "hub broadcasts arrive", outcome: .pass,
                    detail: "heard " + serials.joined(separator: ", ") + " (\(Plural.count(decoded, "message")), \(rejected) rejected)"))
        }
        return checks
    }

    /// Which heard serials belong to the station, and which of its devices
    /// stayed silent (nothing when nothing was heard: the checks say so).
    func serialMatch(stationSerials own: Set<String>) -> [String] {
        var lines: [String] = []
        for serial in heard.keys.sorted() {
            lines.append(
                own.contains(serial)
                    ? "Heard \(serial), which belongs to this station."
                    : "Heard \(serial), which is not in this station (a neighbour's hub, or another station of yours).")
        }
        if !heard.isEmpty {
            for serial in own.subtracting(heard.keys).sorted() { lines.append("Not heard yet: \(serial) of this station.") }
        }
        return lines
    }
}
