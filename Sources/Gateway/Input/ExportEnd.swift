// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser

/// What `export --to` names: the end of the range written out (a time, as
/// ever), or, with `--since`, the `[[export]]` table to send to (its number
/// from 1). A time is a date or an instant, never a bare number, so the two
/// cannot be confused.
enum ExportEnd: ExpressibleByArgument, Equatable {
    /// The end of the range (exclusive).
    case time(TimeArgument)
    /// The 1-based number of an `[[export]]` table.
    case destination(Int)

    init?(argument: String) {
        if let number = Int(argument) {
            guard number >= 1 else { return nil }
            self = .destination(number)
        } else if let time = TimeArgument(argument: argument) {
            self = .time(time)
        } else {
            return nil
        }
    }
}
