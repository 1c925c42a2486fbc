// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Recognises repeated and late datagrams, with bounded memory.
///
/// A datagram can arrive twice (two hubs in range, several bound interfaces,
/// Wi-Fi retries). The filter remembers the most recent `capacity` keys —
/// (serial, type, timestamp), and for `hub_status` (serial, seq, timestamp)
/// — and drops a message whose key it has seen. Observation messages are
/// checked row by row: repeated rows are removed, new rows kept.
///
/// A message older than the newest one already seen from the same device
/// and type is *late*: it is still delivered, marked as such, so nothing is
/// silently lost; "latest state" consumers should ignore it while time
/// series keep it. With the default capacity of 4096 keys one station's
/// ~28 messages a minute are remembered for over two hours.
public struct DuplicateFilter: Sendable {
    /// What the filter decided about one message.
    public enum Admission: Hashable, Sendable {
        /// Not seen before and not older than what was seen.
        case fresh(TempestMessage)
        /// Not seen before, but older than the newest message of its
        /// device and type; the message is still to be recorded.
        case late(TempestMessage)
        /// Seen before (every row, for observations): drop it.
        case duplicate
    }

    /// 24 bytes: the device and type as a number from `streamNumbers`
    /// rather than the serial's text, which made each of the 4,096 keys and
    /// twice as many set slots 40 bytes (0.5 MB in all) and slower to hash.
    private struct Key: Hashable {
        var stream: UInt32
        var timestampSeconds: Int64
        var sequenceNumber: Int64 = -1

        init(_ stream: UInt32, _ timestamp: UnixTimestamp) {
            self.stream = stream
            self.timestampSeconds = timestamp.secondsSince1970
        }
    }

    private struct Stream: Hashable {
        var serialNumber: SerialNumber
        var type: MessageType
    }

    /// How many keys are remembered.
    public let capacity: Int
    /// How many device/type streams keep a "newest timestamp" for lateness.
    public let streamCapacity: Int
    private var seen = Set<Key>()
    /// The remembered keys, oldest at `nextSlot` once `capacity` are held.
    private var order: [Key] = []
    private var nextSlot = 0
    /// A number per device and type, for `Key`. Bounded by `streamCapacity`:
    /// when forged serials fill it, the filter forgets everything and starts
    /// again, which at worst lets one repeat through (the store ignores a
    /// row it already has), never drops a message.
    private var streamNumbers = [Stream: UInt32]()
    private var newestTimestampByStream = [Stream: Int64]()

    /// Creates a filter remembering `capacity` keys (at least 1).
    public init(capacity: Int = 4096, streamCapacity: Int = 1024) {
        self.capacity = max(1, capacity)
        self.streamCapacity = max(1, streamCapacity)
        order.reserveCapacity(self.capacity)
        seen.reserveCapacity(self.capacity)
    }

    /// How many device/type streams have a number now (for tests).
    var numberedStreamCount: Int { streamNumbers.count }

    private mutating func streamNumber(_ serialNumber: SerialNumber, _ type: MessageType) -> UInt32 {
        let stream = Stream(serialNumber: serialNumber, type: type)
        if let number = streamNumbers[stream] { return number }
        if streamNumbers.count >= streamCapacity {
            streamNumbers.removeAll(keepingCapacity: true)
            seen.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            nextSlot = 0
        }
        let number = UInt32(streamNumbers.count)
        streamNumbers[stream] = number
        return number
    }

    /// Checks `message` and remembers it.
    public mutating func admit(_ message: TempestMessage) -> Admission {
        let type = message.type
        let stream = streamNumber(message.envelope.serialNumber, type)
        let filtered: TempestMessage
        switch message {
        case .tempestObservation(var observation):
            observation.rows.removeAll { !remember(Key(stream, $0.timestamp)) }
            guard !observation.rows.isEmpty else { return .duplicate }
            filtered = .tempestObservation(observation)
        case .airObservation(var observation):
            observation.rows.removeAll { !remember(Key(stream, $0.timestamp)) }
            guard !observation.rows.isEmpty else { return .duplicate }
            filtered = .airObservation(observation)
        case .skyObservation(var observation):
            observation.rows.removeAll { !remember(Key(stream, $0.timestamp)) }
            guard !observation.rows.isEmpty else { return .duplicate }
            filtered = .skyObservation(observation)
        case .hubStatus(let status):
            var key = Key(stream, status.timestamp)
            key.sequenceNumber = status.sequenceNumber ?? -1
            guard remember(key) else { return .duplicate }
            filtered = message
        default:
            guard remember(Key(stream, message.timestamp)) else { return .duplicate }
            filtered = message
        }
        return isLate(filtered) ? .late(filtered) : .fresh(filtered)
    }

    /// Inserts `key`; false when it was already remembered.
    private mutating func remember(_ key: Key) -> Bool {
        guard seen.insert(key).inserted else { return false }
        if order.count < capacity {
            order.append(key)
        } else {
            seen.remove(order[nextSlot])
            order[nextSlot] = key
            nextSlot = (nextSlot + 1) % capacity
        }
        return true
    }

    /// Compares the message's oldest row with the newest seen in its
    /// stream, then moves the stream's newest timestamp forward.
    private mutating func isLate(_ message: TempestMessage) -> Bool {
        let stream = Stream(serialNumber: message.envelope.serialNumber, type: message.type)
        let oldest: Int64
        switch message {
        case .tempestObservation(let observation): oldest = observation.rows[0].timestamp.secondsSince1970
        case .airObservation(let observation): oldest = observation.rows[0].timestamp.secondsSince1970
        case .skyObservation(let observation): oldest = observation.rows[0].timestamp.secondsSince1970
        default: oldest = message.timestamp.secondsSince1970
        }
        let newest = message.timestamp.secondsSince1970
        guard let previous = newestTimestampByStream[stream] else {
            if newestTimestampByStream.count >= streamCapacity {
                // Forged serials could grow this without end; forgetting the
                // stalest stream only risks not flagging one late message.
                if let stalest = newestTimestampByStream.min(by: { $0.value < $1.value })?.key {
                    newestTimestampByStream[stalest] = nil
                }
            }
            newestTimestampByStream[stream] = newest
            return false
        }
        if newest > previous { newestTimestampByStream[stream] = newest }
        return oldest < previous
    }
}
