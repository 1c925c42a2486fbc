// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

extension Database {
    /// The fewest pages after which a commit checkpoints the log on a
    /// nearly full disk (256 KB of log).
    public static let minimumCheckpointPages = 64

    /// Bytes free for an unprivileged process in the folder holding the
    /// database (`statvfs`), nil when it cannot be read.
    public var freeBytesInFolder: Int64? {
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return nil }
        return Int64(status.f_bavail) * Int64(status.f_frsize)
    }

    /// The checkpoint interval for a disk with `freeBytes` free: the log
    /// may take at most a quarter of the free space before a commit copies
    /// it into the database (which needs room to grow too), between
    /// `minimumCheckpointPages` and `checkpointPages`. On a small volume
    /// the default 16 MB log would otherwise fill the disk before its
    /// first checkpoint, and no checkpoint could ever run.
    public static func checkpointPages(freeBytes: Int64) -> Int {
        Int(min(Int64(checkpointPages), max(Int64(minimumCheckpointPages), freeBytes / 4 / 4_096)))
    }

    /// Sets the checkpoint interval from the free space now; returns it.
    @discardableResult
    public func adaptCheckpointToFreeSpace() -> Int {
        let pages = freeBytesInFolder.map(Database.checkpointPages(freeBytes:)) ?? Database.checkpointPages
        try? execute("PRAGMA wal_autocheckpoint = \(pages)")
        return pages
    }
}
