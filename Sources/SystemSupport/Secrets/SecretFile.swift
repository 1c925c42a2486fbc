// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Reads a small file holding a secret (a token, a password) for
/// ``SecretSource``, which every secret the gateway reads goes through: a
/// regular file, no larger than a limit, and, unless systemd made it
/// (credentials are private to the service by construction), readable by
/// its owner only. Group or other *read* permission is what leaks a secret,
/// so that is what is refused.
enum SecretFile {
    /// Why the file was not read.
    struct Failure: Error, Hashable, Sendable {
        /// What went wrong, for callers to match.
        enum Code: Hashable, Sendable {
            /// It could not be opened or read (`error` says why).
            case unreadable
            /// A directory, a device or a pipe, not a file.
            case notARegularFile
            /// Its group or other users may read it (`mode` says how).
            case readableByOthers
            /// Larger than the limit.
            case tooLarge
        }

        let code: Code
        /// The C library's error, for `.unreadable`.
        let error: SystemError?
        /// The file's permission bits, for `.readableByOthers`.
        let mode: UInt32
    }

    /// The contents of `path`, as UTF-8 text. `requireOwnerOnly`: refuse a
    /// file its group or other users can read.
    static func read(_ path: String, requireOwnerOnly: Bool, maximumBytes: Int) throws(Failure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(code: .unreadable, error: .current, mode: 0) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(code: .unreadable, error: .current, mode: 0) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(code: .notARegularFile, error: nil, mode: 0) }
        if requireOwnerOnly, status.st_mode & (S_IRGRP | S_IROTH) != 0 {
            throw Failure(code: .readableByOthers, error: nil, mode: UInt32(status.st_mode & 0o777))
        }
        guard Int(status.st_size) <= maximumBytes else { throw Failure(code: .tooLarge, error: nil, mode: 0) }
        // One byte more than allowed: a file that grew since fstat is caught.
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var total = 0
        while total < bytes.count {
            let count = bytes[total...].withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(code: .unreadable, error: .current, mode: 0)
            }
            if count == 0 { break }
            total += count
        }
        guard total <= maximumBytes else { throw Failure(code: .tooLarge, error: nil, mode: 0) }
        return String(decoding: bytes[0..<total], as: UTF8.self)
    }
}
