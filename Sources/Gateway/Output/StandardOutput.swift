// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc

/// Writes whole lines straight to file descriptors 1 and 2, so that a pipe or
/// a log collector sees each line at once and lines from different threads
/// never interleave mid-line.
enum StandardOutput {
    /// Writes `line` and a newline to standard output.
    static func line(_ line: String) {
        write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` to standard output without a newline (a prompt).
    static func prompt(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `line` and a newline to standard error.
    static func errorLine(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    /// Writes `line` and a newline to `descriptor` (standard output or error).
    static func line(_ line: String, to descriptor: Int32) {
        write(line + "\n", to: descriptor)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe: nothing useful left to do with this line
                }
                offset += written
            }
        }
    }
}
