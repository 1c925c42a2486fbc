/// Errors the command line reports and exits on, in words a person can act on.
public struct GatewayError: Error, CustomStringConvertible {
    private enum Code {
        case listenerFailed
        case databaseMissing
        case databaseUnavailable
        case mqttUnavailable
    }

    private let code: Code
    public let description: String

    public static func listenerFailed(_ error: Error) -> GatewayError {
        GatewayError(code: .listenerFailed, description: "cannot listen for broadcasts: \(error)")
    }

    public static func databaseMissing(_ path: String) -> GatewayError {
        GatewayError(
            code: .databaseMissing,
            description: "no database at '\(path)'; run the gateway first, or pass --database PATH")
    }

    public static func mqttUnavailable(_ error: Error) -> GatewayError {
        GatewayError(code: .mqttUnavailable, description: "cannot set up MQTT publishing: \(error)")
    }

    public static func databaseUnavailable(_ path: String, _ error: Error) -> GatewayError {
        GatewayError(code: .databaseUnavailable, description: "cannot open the database '\(path)': \(error)")
    }
}
