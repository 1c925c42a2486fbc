// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
@testable import TempestUDP

/// Reads the UDP fixture files copied from the project's shared fixtures
/// (`Fixtures/udp`, see its README for the conventions).
enum FixtureLoader {
    /// `text` decoded, for tests that build messages from datagrams.
    static func message(_ text: String) throws -> TempestMessage {
        guard case .decoded(let message, _) = DatagramDecoder().decode(text) else { throw TestFailure("bad fixture") }
        return message
    }

    /// The payload bytes of every line of `name.jsonl`, in order, with
    /// `HEX:` lines decoded and empty lines kept as empty datagrams.
    static func datagrams(_ name: String) throws -> [[UInt8]] {
        let path = try #require(Bundle.module.resourcePath) + "/Fixtures/udp/\(name).jsonl"
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            let prefix = Array("HEX:".utf8)
            guard line.starts(with: prefix) else { return line }
            return hexBytes(Array(line.dropFirst(prefix.count)))
        }
    }

    /// The valid fixture files.
    static let validFiles = [
        "obs_st", "obs_air", "obs_sky", "rapid_wind", "evt_precip", "evt_strike", "device_status", "hub_status",
    ]

    private static func hexBytes(_ hex: [UInt8]) -> [UInt8] {
        func nibble(_ byte: UInt8) -> UInt8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: byte - UInt8(ascii: "A") + 10
            }
        }
        return stride(from: 0, to: hex.count - 1, by: 2).map { nibble(hex[$0]) << 4 | nibble(hex[$0 + 1]) }
    }
}

import Testing
