// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Which readings a destination sends: one per interval, spaced by the
/// readings' own times (so that a gap filled later from the store keeps
/// the same spacing as live uploads). It remembers the times it sent for
/// `memorySeconds`, the furthest back a reading is sent; a restart forgets
/// them (the destination's cursor says what was already delivered).
struct UploadSchedule: Sendable {
    /// Seconds between readings.
    let intervalSeconds: Int64
    /// How long sent times are remembered.
    let memorySeconds: Int64
    /// Times sent, ascending.
    private(set) var sentTimes: [Int64] = []

    /// A reading's time may fall this much short of the interval and still
    /// be due: a station's minute is not always 60 s to the second, and a
    /// reading a second early would otherwise wait a whole minute more.
    var toleranceSeconds: Int64 { min(30, intervalSeconds / 10) }

    init(intervalSeconds: Int, memorySeconds: Int64) {
        self.intervalSeconds = Int64(max(1, intervalSeconds))
        self.memorySeconds = memorySeconds
    }

    /// The newest time sent, nil before the first.
    var lastSent: Int64? { sentTimes.last }

    /// Whether a reading at `time` is due: no reading sent lies within the
    /// interval (less the tolerance) of it, on either side.
    func isDue(_ time: Int64) -> Bool {
        let spacing = intervalSeconds - toleranceSeconds
        let index = firstIndex(notBefore: time - spacing + 1)
        return index == sentTimes.endIndex || sentTimes[index] > time + spacing - 1
    }

    /// The newest time sent before `time`, for rain since the previous reading.
    func sentTime(before time: Int64) -> Int64? {
        let index = firstIndex(notBefore: time)
        return index == sentTimes.startIndex ? nil : sentTimes[index - 1]
    }

    /// Notes a reading at `time` as sent, and forgets what is older than
    /// `memorySeconds` before `now`.
    mutating func noteSent(_ time: Int64, now: Int64) {
        let index = firstIndex(notBefore: time)
        if index == sentTimes.endIndex || sentTimes[index] != time { sentTimes.insert(time, at: index) }
        let keepFrom = firstIndex(notBefore: now - memorySeconds)
        if keepFrom > 0 { sentTimes.removeFirst(keepFrom) }
    }

    /// The index of the first time at or after `time`.
    private func firstIndex(notBefore time: Int64) -> Int {
        var low = 0
        var high = sentTimes.count
        while low < high {
            let middle = (low + high) / 2
            if sentTimes[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
