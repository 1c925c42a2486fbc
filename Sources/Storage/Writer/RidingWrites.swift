// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Writes that need no transaction of their own: delivered outbox ids to
/// delete, and the newest cursor of each sink that keeps one. They ride
/// along with the next commit, or commit on their own once due
/// (`StoreWriterConfiguration.acknowledgementDelaySeconds`) or at stop. A
/// crash in between only delivers those messages or entries once more.
struct RidingWrites {
    /// Delivered outbox ids.
    var acknowledgements: [Int64] = []
    /// Each sink's newest cursor and when it moved (epoch seconds).
    var sinkCursors: [String: (position: Int64, at: Int64)] = [:]

    /// Whether there is nothing to write.
    var isEmpty: Bool { acknowledgements.isEmpty && sinkCursors.isEmpty }

    /// Notes `position` as the cursor of `name` (never moving it back).
    mutating func noteCursor(_ name: String, position: Int64, at: Int64) {
        if let known = sinkCursors[name], known.position >= position { return }
        sinkCursors[name] = (position, at)
    }

    /// Puts back writes taken for a commit that failed, before newer ones.
    mutating func restore(_ taken: RidingWrites) {
        acknowledgements.insert(contentsOf: taken.acknowledgements, at: 0)
        for (name, cursor) in taken.sinkCursors { noteCursor(name, position: cursor.position, at: cursor.at) }
    }
}
