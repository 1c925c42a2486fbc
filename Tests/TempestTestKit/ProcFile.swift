// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Reads files under `/proc`, which report a size of 0: Foundation's
/// `String(contentsOfFile:)` returns only what its first read got (for
/// `/proc/PID/maps`, a few lines).
public enum ProcFile {
    /// The whole text of `path`, read until end of file.
    public static func read(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TestKitError("could not open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw TestKitError("could not read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether process `pid` (default: this one) has a file whose path
    /// contains `fragment` mapped into memory, per `/proc/PID/maps`.
    public static func maps(_ fragment: String, pid: Int32? = nil) throws -> Bool {
        try read("/proc/\(pid.map(String.init) ?? "self")/maps").contains(fragment)
    }
}
