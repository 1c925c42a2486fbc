// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A directory under the system temp folder that is removed when the value is
/// released. Tests put SQLite files, broker configs and sockets here so that
/// parallel tests never share state.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The absolute path of the directory.
    public let path: String

    /// Creates a fresh, empty directory whose name starts with `prefix`.
    public init(prefix: String = "tempest-gateway-test") throws {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!)
        }
        guard created != nil else {
            throw TestKitError("mkdtemp failed with errno \(errno)")
        }
        // mkdtemp filled in the X's; the path ends at the terminating NUL.
        path = String(decoding: template.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// `path` joined with a file name.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// An error raised by the test kit itself, with a plain message.
public struct TestKitError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) {
        self.description = description
    }
}
