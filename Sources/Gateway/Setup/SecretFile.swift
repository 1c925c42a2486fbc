// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc
import SystemSupport

/// Writes a secret (a token, a password) to a file only its owner can
/// read: created with mode 0600 from the start and forced to 0600 if it
/// existed, so that the secret is never readable by others, even briefly.
enum SecretFile {
    /// Writes `secret` and a newline to `path`.
    static func write(_ secret: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SetupError("cannot write \(path): \(SystemError.current.message)") }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw SetupError("cannot make \(path) private: \(SystemError.current.message)") }
        var text = secret + "\n"
        let written = text.withUTF8 { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == text.utf8.count, fsync(descriptor) == 0 else {
            throw SetupError("cannot write \(path): \(SystemError.current.message)")
        }
    }
}
