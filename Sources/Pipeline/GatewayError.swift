// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// Errors the gateway stops on, in words a person can act on; `code` says
/// which, for callers that handle some differently.
public struct GatewayError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The UDP socket could not be opened or bound.
        case listenerFailed
        /// No database file where one was expected.
        case databaseMissing
        /// The database could not be opened or migrated.
        case databaseUnavailable
        /// The MQTT client could not be set up.
        case mqttUnavailable
        /// The status socket could not be created.
        case statusSocketUnavailable
        /// The /healthz and /metrics endpoint could not listen.
        case metricsUnavailable
        /// The web page could not listen, or its password could not be read.
        case webPageUnavailable
        /// `weatherflow.mode` asks for the WebSocket, but no token was found.
        case webSocketNeedsToken
        /// The forecast service cannot be set up (its API key cannot be read).
        case forecastUnavailable
        /// An `[[export]]` destination cannot be set up (its token or password cannot be read).
        case exportUnavailable
        /// An `[[upload]]` destination cannot be set up (its key cannot be
        /// read, or its service needs the station's position).
        case uploadUnavailable
    }

    /// What went wrong.
    public let code: Code
    public let description: String
    /// The error that caused this one, when there is one (for example the
    /// SQLite error behind `databaseUnavailable`), for callers that tell
    /// causes apart.
    public var underlying: (any Error)? = nil

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
        GatewayError(code: .databaseUnavailable, description: "cannot open the database '\(path)': \((error as? SQLiteError)?.summary ?? "\(error)")", underlying: error)
    }

    /// The status socket's error, in its own words.
    public static func statusSocketUnavailable(_ error: Error) -> GatewayError {
        GatewayError(code: .statusSocketUnavailable, description: "\(error)")
    }

    /// The metrics endpoint's error, in its own words.
    public static func metricsUnavailable(_ error: Error) -> GatewayError {
        GatewayError(code: .metricsUnavailable, description: "\(error)")
    }

    /// The web page's error, after the configuration keys behind it (such
    /// as `web.port, web.address`).
    public static func webPageUnavailable(keys: String, _ error: Error) -> GatewayError {
        GatewayError(code: .webPageUnavailable, description: "\(keys): \(error)")
    }

    /// The forecast service's problem, in its own words.
    public static func forecastUnavailable(_ description: String) -> GatewayError {
        GatewayError(code: .forecastUnavailable, description: description)
    }

    /// An `[[export]]` table's problem, after its keys (`export[1].token_file`).
    public static func exportUnavailable(keys: String, _ description: String) -> GatewayError {
        GatewayError(code: .exportUnavailable, description: "\(keys): \(description)")
    }

    /// An `[[upload]]` destination cannot be set up: `keys` names the keys to fix.
    public static func uploadUnavailable(keys: String, _ description: String) -> GatewayError {
        GatewayError(code: .uploadUnavailable, description: "\(keys): \(description)")
    }

    /// `weatherflow.mode` names the WebSocket but there is no token to open it with.
    public static func webSocketNeedsToken(mode: String) -> GatewayError {
        GatewayError(
            code: .webSocketNeedsToken,
            description: "weatherflow.mode is \(mode), which needs a WeatherFlow token: give one with --token-file PATH, "
                + "weatherflow.token_file, $TEMPEST_WEATHERFLOW_TOKEN or the systemd credential weatherflow-token")
    }
}
