// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import Configuration
import Logging
import Pipeline
import Storage
import TempestCloud
import TempestUDP
import WebSocket

extension GatewayRun {
    /// The WebSocket follower of `weatherflow.mode` `udp+websocket` or
    /// `websocket` (nil in `udp`): it connects to `weatherflow.websocket_url`
    /// with the REST client's token, verifies TLS with `weatherflow.ca_file`
    /// (else the system's CAs), follows the roster's devices and stands in
    /// for quiet UDP by the REST fallback's rule (or always, without UDP).
    static func makeWebSocketFollower(
        _ settings: GatewayConfiguration, client: WeatherFlowClient, cloudSettings: CloudFollowerSettings, roster: CloudDeviceRoster,
        activity: DeviceActivity, backoffCapSeconds: Double, onNearbyStrike: @escaping @Sendable (NearbyStrike) -> Void,
        ingest: @escaping WebSocketFollower.Ingest
    ) -> WebSocketFollower? {
        let mode = settings.weatherFlow.mode
        guard mode.usesWebSocket else { return nil }
        let options = WebSocketOptions(caFile: settings.weatherFlow.caFile)
        var followerSettings = WebSocketFollowerSettings(
            silence: UDPSilence(quietSeconds: cloudSettings.quietSeconds, powerSaveQuietSeconds: cloudSettings.powerSaveQuietSeconds),
            alwaysIngests: !mode.listensToUDP, nearbyStrikesKilometers: Double(settings.weatherFlow.nearbyStrikesKilometers))
        followerSettings.backoffMaximumSeconds = min(followerSettings.backoffMaximumSeconds, backoffCapSeconds)
        return WebSocketFollower(
            connect: { url throws(WebSocketError) in try WebSocketConnection.open(url: url, options: options) },
            url: settings.weatherFlow.webSocketURL, token: client.token, devices: { await roster.devices() },
            settings: followerSettings, activity: activity, logger: Logger(label: "tempest.websocket"),
            onNearbyStrike: onNearbyStrike, ingest: ingest)
    }
}
