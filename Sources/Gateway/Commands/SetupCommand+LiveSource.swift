// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import Configuration
import GatewayCore
import Pipeline
import SystemSupport
import TempestCloud
import WebSocket

extension SetupCommand {
    /// How long setup waits for the WeatherFlow WebSocket to open and say
    /// `connection_opened`, in seconds, all together.
    static let webSocketCheckSeconds = 10.0

    /// Where live data comes from (`weatherflow.mode`): `--mode`, else asked
    /// on a terminal, else the configuration's current mode. On a terminal
    /// the default is udp when broadcasts from the chosen stations' devices
    /// were heard, websocket when none were, and the current mode when the
    /// listening was skipped (nothing is known then). A mode using the
    /// WebSocket is checked once; when it does not answer, a terminal user
    /// chooses whether to keep it (default: no, udp instead), while without
    /// a terminal the mode is kept with a warning (the gateway retries the
    /// WebSocket when it runs, so setup does not fail for it).
    func liveSourceChoice(
        current: GatewayConfiguration.WeatherFlow, heardOwnBroadcasts: Bool?, token: APIToken, interactive: Bool, input: TerminalInput
    ) throws -> [(key: String, value: String)] {
        var chosen = current.mode
        if let mode {
            chosen = GatewayConfiguration.InputMode(rawValue: mode) ?? current.mode
        } else if interactive {
            chosen = try askMode(default: Self.proposedMode(heardOwnBroadcasts: heardOwnBroadcasts, current: current.mode), input: input)
        }
        let url = webSocketUrl ?? current.webSocketURL
        if chosen.usesWebSocket {
            let failure = Self.checkWebSocket(url: url, token: token, caFile: current.caFile)
            if let failure {
                StandardOutput.line("The WeatherFlow WebSocket did not answer: \(failure).")
                if interactive {
                    if !input.confirm("Keep the mode \(chosen.rawValue) anyway?", default: false) {
                        chosen = .udp
                        StandardOutput.line("Mode: udp.")
                    }
                } else {
                    StandardOutput.line(
                        "Warning: keeping the mode \(chosen.rawValue); the gateway retries the WebSocket while it runs. Check the token and the network.")
                }
            } else {
                StandardOutput.line("The WeatherFlow WebSocket answered.")
            }
        }
        var settings = [(key: "weatherflow.mode", value: chosen.rawValue)]
        if let webSocketUrl, ConfigurationSchema.key("weatherflow.websocket_url")?.defaultValue != .string(webSocketUrl) {
            settings.append(("weatherflow.websocket_url", webSocketUrl))
        }
        return settings
    }

    /// The mode proposed on a terminal, and the line that says why.
    static func proposedMode(heardOwnBroadcasts: Bool?, current: GatewayConfiguration.InputMode) -> (
        mode: GatewayConfiguration.InputMode, reason: String
    ) {
        switch heardOwnBroadcasts {
        case true?: return (.udp, "Broadcasts from this station's devices arrived, so the default is udp.")
        case false?: return (.webSocket, "No broadcasts from this station's devices arrived, so the default is websocket.")
        case nil: return (current, "The broadcasts were not checked, so the default is the current mode, \(current.rawValue).")
        }
    }

    /// Explains the three modes and asks for one (at most five tries).
    private func askMode(default proposal: (mode: GatewayConfiguration.InputMode, reason: String), input: TerminalInput) throws
        -> GatewayConfiguration.InputMode
    {
        StandardOutput.line("Where should live data come from?")
        StandardOutput.line("  udp: the hub's broadcasts on this network; the REST API stands in when they stop.")
        StandardOutput.line("  udp+websocket: the hub's broadcasts; the WeatherFlow WebSocket stands in when they stop.")
        StandardOutput.line("  websocket: the WeatherFlow WebSocket only, for a gateway off the hub's network.")
        StandardOutput.line(proposal.reason)
        for _ in 0..<5 {
            guard let answer = input.ask("Mode: udp, udp+websocket or websocket", default: proposal.mode.rawValue) else { break }
            if let mode = GatewayConfiguration.InputMode(rawValue: answer.lowercased()) { return mode }
            StandardOutput.line("\(answer) is not a mode; type udp, udp+websocket or websocket.")
        }
        throw SetupError("no mode was chosen")
    }

    /// Opens the WebSocket at `url` with the token, waits for
    /// `connection_opened` and closes; nil when it came, else the reason
    /// (never holding the token: WebSocketError redacts the query, and the
    /// reason is scrubbed of the token besides).
    static func checkWebSocket(url: String, token: APIToken, caFile: String?) -> String? {
        let deadline = MonotonicClock.seconds() + webSocketCheckSeconds
        let reason: String
        do throws(WebSocketError) {
            let connection = try WebSocketConnection.open(
                url: WebSocketFollower.url(url, withToken: token),
                options: WebSocketOptions(caFile: caFile, connectTimeoutSeconds: webSocketCheckSeconds))
            defer { connection.close() }
            reason = try awaitOpened(connection, deadline: deadline)
        } catch {
            reason = error.message
        }
        return reason.isEmpty ? nil : token.withValue { reason.replacing($0, with: "<redacted>") }
    }

    /// Reads messages until `connection_opened` (empty result) or the
    /// deadline (the reason); bounded in messages too.
    private static func awaitOpened(_ connection: WebSocketConnection, deadline: Double) throws(WebSocketError) -> String {
        let decoder = LiveDecoder()
        for _ in 0..<32 {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0 else { break }
            guard let message = try connection.receive(timeoutSeconds: remaining) else { break }
            if case .text(let text) = message, case .connectionOpened? = try? decoder.decode(text) { return "" }
        }
        return "no connection_opened message within \(Plural.count(Int(webSocketCheckSeconds), "second"))"
    }
}
