// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Pipeline
import Storage

/// The free space in the database's folder, and what the gateway needs
/// there to write again, for the "disk full" of `status`, `doctor` and
/// `/healthz`.
public struct DiskSpace: Sendable, Equatable {
    /// The folder holding the database.
    public var folder: String
    /// Bytes free for an unprivileged process (`statvfs`'s `f_bavail`).
    public var freeBytes: Int64
    /// Bytes to free before writing resumes: room for the write-ahead log
    /// to grow to its next checkpoint on a nearly full disk
    /// (`Database.minimumCheckpointPages` pages of 4 KiB) and for the
    /// records held in memory (256 bytes each, above what one takes on
    /// disk), less what is free now.
    public var neededBytes: Int64

    /// Bytes one record held in memory is allowed on disk in the estimate.
    public static let bytesPerHeldRecord: Int64 = 256

    /// The space of the folder holding `databasePath`, nil when `statvfs`
    /// cannot read it.
    public static func of(databasePath: String, heldRecords: Int) -> DiskSpace? {
        let folder = databasePath.lastIndex(of: "/").map { $0 == databasePath.startIndex ? "/" : String(databasePath[..<$0]) } ?? "."
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return nil }
        let free = Int64(status.f_bavail) * Int64(status.f_frsize)
        let wanted = Int64(Database.minimumCheckpointPages) * 4_096 + Int64(heldRecords) * bytesPerHeldRecord
        return DiskSpace(folder: folder, freeBytes: free, neededBytes: max(0, wanted - free))
    }

    /// "disk full: 12 kilobytes free in /var/lib/tempest-gateway; free at
    /// least 15.6 megabytes there".
    /// With nothing needed (the disk has room), the file reached its size
    /// cap: "database full: the file reached its size cap; ...".
    public var sentence: String {
        guard neededBytes > 0 else {
            return "database full: the file reached its size cap; \(ByteCount.text(freeBytes)) free in \(folder)"
        }
        return "disk full: \(ByteCount.text(freeBytes)) free in \(folder); free at least \(ByteCount.text(neededBytes)) there"
    }
}
