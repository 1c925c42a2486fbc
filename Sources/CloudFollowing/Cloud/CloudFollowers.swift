// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The gateway's followers of the WeatherFlow cloud, built, run and replaced
/// together (a reload that changes `[weatherflow]` or the stations replaces
/// both): the REST follower (fallback, backfill, RainCheck) and, in modes
/// `udp+websocket` and `websocket`, the WebSocket follower. Both follow the
/// devices of one ``CloudDeviceRoster``, so `/stations` is read once; the
/// REST follower stops polling a device while the WebSocket delivers it.
public struct CloudFollowers: Sendable {
    /// Fallback polling, backfill and RainCheck.
    public let rest: CloudFollower
    /// Live data over the WebSocket; nil in mode `udp`.
    public let webSocket: WebSocketFollower?

    /// Makes one from its parts.
    public init(rest: CloudFollower, webSocket: WebSocketFollower?) {
        self.rest = rest
        self.webSocket = webSocket
    }

    /// Runs both until the task is cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await rest.run() }
            if let webSocket { group.addTask { await webSocket.run() } }
        }
    }
}
