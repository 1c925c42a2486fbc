// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization

/// The texts that retained topics share, each kept once and named by a
/// small number: bases (`tempest`) and field names (`wind_speed`), of which a
/// gateway has a few hundred, while it may know thousands of devices.
///
/// Only grows, up to `capacity` names; a text that finds it full has no
/// number (its topic keeps its whole text instead), and never gets one
/// later, so a topic is always split the same way.
public enum TopicNames {
    /// Most names kept; far above what the gateway's own topics use.
    public static let capacity = 4_096

    private struct Table: ~Copyable {
        var numbers: [String: UInt16] = [:]
        var names: [String] = []
    }

    private static let table = Mutex(Table())

    /// The number of `text`, given one now if it has none and there is room.
    public static func number(of text: String) -> UInt16? {
        table.withLock { table in
            if let number = table.numbers[text] { return number }
            guard table.names.count < capacity else { return nil }
            let number = UInt16(table.names.count)
            table.numbers[text] = number
            table.names.append(text)
            return number
        }
    }

    /// `<head>/<middle>/<leaf>`, head and leaf by the numbers `number(of:)`
    /// gave (one lock for both: this runs for every value sent).
    public static func topic(head: UInt16, middle: String, leaf: UInt16) -> String {
        let (head, leaf) = table.withLock { ($0.names[Int(head)], $0.names[Int(leaf)]) }
        return "\(head)/\(middle)/\(leaf)"
    }
}
