// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import TempestUDP

extension ObservationCorrection {
    /// `message` as the outlets use it: each row of `obs_st`, `obs_air`
    /// and `obs_sky`, and `rapid_wind`, corrected with the device's
    /// calibration in force at the row's time (`CalibratedFields`); every
    /// other message as it is.
    public func corrected(_ message: TempestMessage) -> TempestMessage {
        let serial = message.envelope.serialNumber.rawValue
        func at(_ timestamp: UnixTimestamp) -> Calibration { calibration(of: serial, at: timestamp.secondsSince1970) }
        switch message {
        case .tempestObservation(var observation):
            observation.rows = observation.rows.map { CalibratedFields.tempest.corrected($0, by: at($0.timestamp)) }
            return .tempestObservation(observation)
        case .airObservation(var observation):
            observation.rows = observation.rows.map { CalibratedFields.air.corrected($0, by: at($0.timestamp)) }
            return .airObservation(observation)
        case .skyObservation(var observation):
            observation.rows = observation.rows.map { CalibratedFields.sky.corrected($0, by: at($0.timestamp)) }
            return .skyObservation(observation)
        case .rapidWind(var wind):
            let calibration = at(wind.timestamp)
            wind.windSpeedMetersPerSecond = calibration.windSpeedMetersPerSecond(wind.windSpeedMetersPerSecond)
            wind.windDirectionDegrees = calibration.windDirectionDegrees(wind.windDirectionDegrees)
            return .rapidWind(wind)
        case .rainStart, .lightningStrike, .deviceStatus, .hubStatus:
            return message
        }
    }
}
