import GatewayCore

extension OperatorLog {
    /// The gateway's sentences on standard error, one line each.
    static let standardError = OperatorLog { StandardOutput.errorLine($0) }
}
