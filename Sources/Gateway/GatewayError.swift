import TempestUDP

/// Errors the command line reports and exits on.
struct GatewayError: Error, CustomStringConvertible {
    private enum Code {
        case listenerFailed
    }

    private let code: Code
    let description: String

    static func listenerFailed(_ error: Error) -> GatewayError {
        GatewayError(code: .listenerFailed, description: "cannot listen for broadcasts: \(error)")
    }
}
