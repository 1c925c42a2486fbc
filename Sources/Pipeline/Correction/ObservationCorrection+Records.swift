// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage

extension ObservationCorrection {
    /// `record` as the outlets show it: corrected with its device's
    /// calibration in force when it was measured (`CalibratedFields`);
    /// whole-number columns (direction, illuminance, solar radiation) are rounded.
    public func corrected(_ record: ObservationRecord) -> ObservationRecord {
        CalibratedFields.record.corrected(record, by: calibration(of: record.serial, at: record.timestamp))
    }

    /// A stored 3-second wind sample, corrected as its message was.
    public func corrected(_ record: RapidWindRecord) -> RapidWindRecord {
        let calibration = calibration(of: record.serial, at: record.timestamp)
        var sample = record
        sample.speedMetersPerSecond = calibration.windSpeedMetersPerSecond(record.speedMetersPerSecond) ?? record.speedMetersPerSecond
        sample.directionDegrees = calibration.corrected(record.directionDegrees, as: .windDirection) ?? record.directionDegrees
        return sample
    }

    /// A stored wind minute (made from raw samples), corrected as its samples
    /// would be: the speeds scale and the direction turns alike.
    public func corrected(_ record: WindMinuteRecord) -> WindMinuteRecord {
        let calibration = calibration(of: record.serial, at: record.minuteStart)
        var minute = record
        for field in [\WindMinuteRecord.meanSpeedMetersPerSecond, \.gustMetersPerSecond, \.lullMetersPerSecond] {
            minute[keyPath: field] = calibration.windSpeedMetersPerSecond(record[keyPath: field]) ?? record[keyPath: field]
        }
        minute.directionDegrees = calibration.corrected(record.directionDegrees, as: .windDirection)
        return minute
    }
}
