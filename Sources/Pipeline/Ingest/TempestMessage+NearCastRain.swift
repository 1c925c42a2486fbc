// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

extension TempestMessage {
    /// The message with NearCast rain standing in where the gauge's rain is
    /// unknown (`CloudRainRow.letNearCastRainStandIn()`): what counts and
    /// is published in mode `websocket`, where the cloud sends no gauge rain.
    /// Other messages are returned as they are.
    public func withNearCastRainStandingIn() -> TempestMessage {
        switch self {
        case .tempestObservation(var observation):
            for index in observation.rows.indices { observation.rows[index].letNearCastRainStandIn() }
            return .tempestObservation(observation)
        case .skyObservation(var observation):
            for index in observation.rows.indices { observation.rows[index].letNearCastRainStandIn() }
            return .skyObservation(observation)
        default:
            return self
        }
    }
}
