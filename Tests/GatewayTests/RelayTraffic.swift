// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestTestKit

/// What the relay tests send to a listening gateway, and what its relay
/// targets must receive: every valid `obs_st` fixture, one of them again
/// (a repeat), one dated 2099 (quarantined), the 51 hostile datagrams of
/// malformed.jsonl (sent by `replay`, which reads their HEX: lines), then
/// a marker that ends the run.
struct RelayTraffic {
    /// The valid observations, as the fixture holds them.
    let valid: [[UInt8]]
    /// malformed.jsonl's line 13: an `obs_st` from an `HB-` serial, which
    /// the decoder accepts (counted `unexpected_serial_prefix`) and the
    /// admission lets through (the first 16 devices heard), so it is relayed.
    let acceptedHostile: [UInt8]
    /// A rapid wind dated now, sent last.
    let marker: [UInt8]

    /// Reads the fixtures.
    init() throws {
        func lines(_ name: String) throws -> [[UInt8]] {
            try String(contentsOfFile: Gateway.fixturePath(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        }
        valid = try lines("obs_st").filter { !$0.isEmpty }
        acceptedHostile = try lines("malformed")[12]
        let now = Int64(Date().timeIntervalSince1970)
        marker = Array(#"{"serial_number":"ST-00187342","type":"rapid_wind","hub_sn":"HB-00094417","ob":[\#(now),3.27,194]}"#.utf8)
    }

    /// Every datagram a relay target must receive, in order.
    var expected: [[UInt8]] { valid + [acceptedHostile, marker] }

    /// Sends it all to 127.0.0.1:`port`, in order.
    func send(to port: UInt16) throws {
        let sender = try UDPSender(port: port)
        for datagram in valid { try sender.send(datagram) }
        try sender.send(valid[0])
        try sender.send(
            #"{"serial_number":"ST-00187342","type":"obs_st","hub_sn":"HB-00094417","obs":[[4102358400,0.5,1,2,90,3,1000,99,50,0,0,0,0.1,1,0,0,2.6,1]]}"#)
        let replayed = try Gateway.run(["replay", "--speed", "0", "--to", "127.0.0.1:\(port)", Gateway.fixturePath("malformed")])
        guard replayed.status == 0, replayed.standardError.contains("Sent 51 datagrams") else {
            throw TestKitError("replay failed: \(replayed.standardError)")
        }
        try sender.send(marker)
    }

    /// Datagrams as text, for a failure message.
    static func text(_ datagrams: [[UInt8]]) -> String {
        datagrams.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}
