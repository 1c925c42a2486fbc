// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration

/// A weather network chosen in `setup`: what becomes one `[[upload]]`
/// table, and the key typed for it (written to its own file, mode 600,
/// with the configuration; never into the configuration itself).
struct UploadChoice {
    /// The network.
    var service: UploadService
    /// The network's id of the station (CWOP: the callsign).
    var id: String
    /// Which of the stations chosen in setup, from 0.
    var chosenStation = 0
    /// The key as typed on the terminal (nil: none typed).
    var typedKey: String?
    /// `key_file`: where the key is (nil: the environment variable or the
    /// systemd credential, or none for CWOP).
    var keyFile: String?

    /// Whether a CWOP id is a CWOP-issued one (CW, DW or EW and digits),
    /// which needs no passcode, rather than a ham call, which may have one.
    static func isCWOPIssued(_ id: String) -> Bool {
        let upper = id.uppercased()
        guard ["CW", "DW", "EW"].contains(where: { upper.hasPrefix($0) }) else { return false }
        let digits = upper.dropFirst(2)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
