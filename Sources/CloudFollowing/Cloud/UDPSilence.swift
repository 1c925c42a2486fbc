// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
/// When a device's UDP counts as quiet: no `obs_st` over UDP for
/// `quietSeconds` (`powerSaveQuietSeconds` in power-save mode 3, which
/// reports only every five minutes), counted from start-up for a device
/// never heard. The one rule for every cloud path that stands in for UDP
/// (REST polling, WebSocket ingest), so they agree on when to start and stop.
public struct UDPSilence: Sendable, Equatable {
    /// Silence allowed at full power, seconds.
    public var quietSeconds: Int64
    /// Silence allowed in power-save mode 3, seconds.
    public var powerSaveQuietSeconds: Int64

    /// Makes one.
    public init(quietSeconds: Int64, powerSaveQuietSeconds: Int64) {
        self.quietSeconds = quietSeconds
        self.powerSaveQuietSeconds = powerSaveQuietSeconds
    }

    /// The silence allowed a device, by its last known power-save mode.
    public func allowedSeconds(_ device: DeviceActivity.Device?) -> Int64 {
        device?.powerSaveMode == 3 ? powerSaveQuietSeconds : quietSeconds
    }

    /// How long UDP has been silent for `serial` and whether that is too long.
    public func check(serial: String, activity: DeviceActivity, now: Int64, startedAt: Int64) -> (silentSeconds: Int64, isQuiet: Bool) {
        let device = activity.device(serial: serial)
        let silent = now - (device?.lastUDPObservationAt ?? startedAt)
        return (silent, silent > allowedSeconds(device))
    }
}
