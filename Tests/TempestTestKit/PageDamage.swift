// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Damages a database file the way a failing card does: one page
/// overwritten with a fixed garbage pattern (0xA5 bytes), so that a test
/// is deterministic.
public enum PageDamage {
    /// Overwrites page `page` (numbered from 1, as SQLite numbers them) of
    /// `pageSize` bytes in the file at `path`.
    public static func overwrite(page: Int, pageSize: Int, of path: String) throws {
        guard page >= 1, pageSize > 0 else { throw TestKitError("no page \(page) of \(pageSize) bytes") }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
    }
}
