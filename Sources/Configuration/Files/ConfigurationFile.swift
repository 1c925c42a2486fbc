// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Reads and writes configuration files with the C library: whole-file
/// reads, and writes that replace the file atomically (a temporary file in
/// the same directory, flushed, given the old file's mode, then renamed).
public enum ConfigurationFile {
    /// The file's text, or nil when it does not exist.
    public static func read(_ path: String) throws -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ConfigurationError.unreadable(path: path, reason: systemReason())
        }
        defer { close(descriptor) }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ConfigurationError.unreadable(path: path, reason: systemReason())
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > 1_048_576 {
                throw ConfigurationError.unreadable(path: path, reason: "larger than 1 MiB; this is not a configuration file")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError.unreadable(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Replaces the file at `path` with `text` atomically, keeping its mode
    /// (and owner, when allowed); a new file gets mode 644.
    public static func write(_ text: String, to path: String) throws {
        var status = stat()
        let exists = stat(path, &status) == 0
        let mode = exists ? status.st_mode & 0o7777 : 0o644
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw ConfigurationError.unwritable(path: path, reason: systemReason()) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            defer { close(descriptor) }
            try writeAll(Array(text.utf8), to: descriptor, path: path)
            guard fchmod(descriptor, mode) == 0 else { throw ConfigurationError.unwritable(path: path, reason: systemReason()) }
            if exists, geteuid() == 0 { _ = fchown(descriptor, status.st_uid, status.st_gid) }
            guard fsync(descriptor) == 0 else { throw ConfigurationError.unwritable(path: path, reason: systemReason()) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = systemReason()
            unlink(temporary)
            throw ConfigurationError.unwritable(path: path, reason: reason)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw ConfigurationError.unwritable(path: path, reason: systemReason())
            }
            offset += written
        }
    }

    private static func systemReason() -> String {
        SystemError.current.message
    }
}
