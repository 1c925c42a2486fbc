// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc

/// Whether to decorate text with ANSI colour. Colour only ever repeats what
/// the words already say; it is off when `NO_COLOR` is set (any value, see
/// no-color.org), when `TERM` is `dumb`, or when the stream is not a terminal.
struct TerminalStyle: Sendable {
    let usesColor: Bool

    /// The style for standard output.
    static var standardOutput: TerminalStyle {
        TerminalStyle(usesColor: colorAllowed(fileDescriptor: STDOUT_FILENO))
    }

    /// Whether `fileDescriptor` is an interactive terminal.
    static func isTerminal(fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }

    static func colorAllowed(fileDescriptor: Int32) -> Bool {
        if getenv("NO_COLOR") != nil { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }

    /// `text` in bold, when colour is on.
    func emphasized(_ text: String) -> String {
        usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
