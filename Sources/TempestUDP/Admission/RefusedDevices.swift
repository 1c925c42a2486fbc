// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The serials the gateway refused, least recently heard forgotten first,
/// at most `capacity` of them: enough for `status` to name a neighbour's
/// station, never a table that forged serials can grow without end.
public struct RefusedDevices: Sendable {
    /// One refused serial.
    public struct Entry: Sendable, Hashable {
        /// The serial as sent.
        public var serial: String
        /// When it was last heard (the gateway's clock, Unix seconds).
        public var lastHeardSeconds: Int64
        /// Messages refused from it since it was last forgotten.
        public var messages: UInt64
    }

    /// How many serials are remembered.
    public let capacity: Int
    private var entries = [String: Entry]()
    /// Heard order, for forgetting the stalest first: a counter per note.
    private var heardOrder = [String: UInt64]()
    private var noteCount: UInt64 = 0

    /// An empty table holding at most `capacity` (at least 1) serials.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many serials are remembered now.
    public var count: Int { entries.count }

    /// Notes one refused message from `serial`.
    public mutating func note(_ serial: String, heardAtSeconds: Int64) {
        noteCount += 1
        if entries[serial] == nil && entries.count >= capacity { forgetStalest() }
        entries[serial, default: Entry(serial: serial, lastHeardSeconds: heardAtSeconds, messages: 0)].messages += 1
        entries[serial]?.lastHeardSeconds = heardAtSeconds
        heardOrder[serial] = noteCount
    }

    /// Forgets the least recently heard tenth at once, so that a flood of
    /// new serials sorts the table once per `capacity / 10` of them rather
    /// than searching it for every one.
    private mutating func forgetStalest() {
        let forget = max(1, capacity / 10)
        for (serial, _) in heardOrder.sorted(by: { $0.value < $1.value }).prefix(forget) {
            entries[serial] = nil
            heardOrder[serial] = nil
        }
    }

    /// The remembered serials, most recently heard first, at most `limit`.
    public func mostRecent(_ limit: Int = Int.max) -> [Entry] {
        heardOrder.sorted { $0.value > $1.value }.prefix(limit).compactMap { entries[$0.key] }
    }
}
