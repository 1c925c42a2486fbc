// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[weatherflow]`: the WeatherFlow cloud.
    public struct WeatherFlow: Sendable, Equatable {
        /// `api`: the REST API's base URL.
        public var api: String
        /// `token_file`, if any.
        public var tokenFile: String?
        /// `fallback_after_seconds`: UDP silence before REST stands in.
        public var fallbackAfterSeconds: Int
        /// `backfill_days`: how far back holes are filled (0: never).
        public var backfillDays: Int
        /// `mode`: where live data comes from.
        public var mode: InputMode
        /// `websocket_url`: the WebSocket's URL, without the token.
        public var webSocketURL: String
        /// `ca_file`: the CA certificates the cloud is verified with, or nil for the system's.
        public var caFile: String?
        /// `nearby_strikes_kilometers`: the radius of the nearby-strikes feed (0: off).
        public var nearbyStrikesKilometers: Int

        init(_ values: ConfigurationValues) {
            api = values.required("weatherflow.api", values.string)
            tokenFile = values.string("weatherflow.token_file")
            fallbackAfterSeconds = values.required("weatherflow.fallback_after_seconds", values.integer)
            backfillDays = values.required("weatherflow.backfill_days", values.integer)
            mode = InputMode(rawValue: values.required("weatherflow.mode", values.string)) ?? .udp
            webSocketURL = values.required("weatherflow.websocket_url", values.string)
            caFile = values.string("weatherflow.ca_file")
            nearbyStrikesKilometers = values.required("weatherflow.nearby_strikes_kilometers", values.integer)
        }
    }

    /// `weatherflow.mode`: where live observations come from.
    public enum InputMode: String, Sendable, Equatable, CaseIterable {
        /// The hub's UDP broadcasts; REST polling stands in when they stop.
        case udp
        /// UDP, with the WebSocket standing in (instead of REST polling) when they stop.
        case udpAndWebSocket = "udp+websocket"
        /// The WebSocket only: no UDP listener.
        case webSocket = "websocket"

        /// Whether the gateway listens for UDP broadcasts.
        public var listensToUDP: Bool { self != .webSocket }
        /// Whether the gateway opens the WeatherFlow WebSocket.
        public var usesWebSocket: Bool { self != .udp }
        /// Whether the only rain is the cloud's NearCast-corrected rain: the
        /// WebSocket's rows carry no gauge rain where NearCast analysed them.
        public var hasOnlyNearCastRain: Bool { self == .webSocket }
    }
}
