// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Pipeline

extension OperatorLog {
    /// The gateway's sentences on standard error, one line each.
    static let standardError = OperatorLog { StandardOutput.errorLine($0) }

    /// The gateway's sentences on standard output (`run --log-to stdout`).
    static let standardOutput = OperatorLog { StandardOutput.line($0) }
}
