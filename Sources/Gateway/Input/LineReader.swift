// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc
import SystemSupport

/// Reads a file (or standard input) line by line as raw bytes, holding one
/// line at a time, so that `decode` handles inputs of any size.
final class LineReader {
    /// Why a file could not be opened.
    struct OpenError: Error, CustomStringConvertible {
        let description: String
    }

    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// Opens `path`, or standard input for `-` or nil.
    init(path: String?) throws {
        if let path, path != "-" {
            guard let opened = fopen(path, "rb") else {
                throw OpenError(description: "cannot open '\(path)': \(SystemError.current.message)")
            }
            file = opened
            ownsFile = true
        } else {
            guard let standardInput = fdopen(STDIN_FILENO, "rb") else {
                throw OpenError(description: "cannot read standard input: \(SystemError.current.message)")
            }
            file = standardInput
            ownsFile = true
        }
    }

    deinit {
        free(buffer)
        if ownsFile { fclose(file) }
    }

    /// The next line without its terminating newline, or nil at the end.
    /// A final line without a newline is still returned.
    func nextLine() -> [UInt8]? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else { return nil }
        var count = length
        if count > 0 && buffer[count - 1] == 0x0A { count -= 1 }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }
}
