// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `obs_st`, `obs_air` and `obs_sky`: an `obs` array of positional rows.
/// REST/WebSocket rows are longer (22 and 17 values); their extra indices
/// are read when present, so the cloud fallback shares this decoder.
extension MessageReader {
    /// Rows per datagram: at least one, at most a day of minutes.
    static let maximumRowsPerDatagram = 1440
    /// Values per row beyond which a row is rejected.
    static let rowValueCap = 32

    /// Validates the `obs` container; returns the tape range of its rows.
    func readObsContainer() throws(DecodeError) -> (firstRow: Int, end: Int) {
        guard keys[.obs] >= 0 else { throw DecodeError(.missingField, "the key \"obs\" is missing") }
        let token = json[keys[.obs]]
        guard token.kind == .array else {
            throw DecodeError(.wrongType, "\"obs\" must be an array of rows, not \(MessageReader.describe(token.kind))")
        }
        guard token.length >= 1 && Int(token.length) <= MessageReader.maximumRowsPerDatagram else {
            throw DecodeError(
                .badArrayLength,
                "\"obs\" has \(token.length) rows; 1 to \(MessageReader.maximumRowsPerDatagram) are accepted"
            )
        }
        return (keys[.obs] + 1, Int(token.next))
    }

    /// The row at `index`, which must be an array of `minimum ... cap` scalars.
    func readRow(at index: Int, minimum: Int) throws(DecodeError) -> PositionalArray {
        guard json[index].kind == .array else {
            throw DecodeError(
                .wrongType,
                "\"obs\" must hold rows (arrays of values), but holds \(MessageReader.describe(json[index].kind))"
            )
        }
        return try readPositionalArray(at: index, key: "obs row", minimum: minimum, cap: MessageReader.rowValueCap)
    }

    /// The upper bound for a row's rain: 60 mm per minute of its interval.
    static func rainBounds(reportIntervalMinutes: Int64?) -> RangePolicy.Bounds {
        let minutes = Double(max(1, reportIntervalMinutes ?? 1))
        return RangePolicy.Bounds(lower: 0, upper: RangePolicy.rainPerMinuteMillimeters * minutes)
    }

    mutating func readTempestObservation(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> TempestObservation {
        let (firstRow, end) = try readObsContainer()
        var rows = [TempestObservation.Row]()
        rows.reserveCapacity(Int(json[keys[.obs]].length))
        var rowIndex = firstRow
        while rowIndex < end {
            let slots = try readRow(at: rowIndex, minimum: 18)
            var row = TempestObservation.Row(timestamp: try readTimestamp(at: slots.slot(0), field: "timestamp"))
            row.windLullMetersPerSecond = try readMeasurement(
                at: slots.slot(1), field: "wind_lull", bounds: RangePolicy.windSpeedMetersPerSecond)
            row.windAverageMetersPerSecond = try readMeasurement(
                at: slots.slot(2), field: "wind_avg", bounds: RangePolicy.windSpeedMetersPerSecond)
            row.windGustMetersPerSecond = try readMeasurement(
                at: slots.slot(3), field: "wind_gust", bounds: RangePolicy.windSpeedMetersPerSecond)
            row.windDirectionDegrees = try readMeasurement(
                at: slots.slot(4), field: "wind_direction", bounds: RangePolicy.windDirectionDegrees)
            row.windSampleIntervalSeconds = try readMeasuredInteger(
                at: slots.slot(5), field: "wind_sample_interval", bounds: RangePolicy.unbounded)
            row.stationPressureMillibars = try readMeasurement(
                at: slots.slot(6), field: "station_pressure", bounds: RangePolicy.pressureMillibars)
            row.airTemperatureCelsius = try readMeasurement(
                at: slots.slot(7), field: "air_temperature", bounds: RangePolicy.airTemperatureCelsius)
            row.relativeHumidityPercent = try readMeasurement(
                at: slots.slot(8), field: "relative_humidity", bounds: RangePolicy.relativeHumidityPercent)
            row.illuminanceLux = try readMeasurement(
                at: slots.slot(9), field: "illuminance", bounds: RangePolicy.illuminanceLux)
            row.uvIndex = try readMeasurement(at: slots.slot(10), field: "uv", bounds: RangePolicy.uvIndex)
            row.solarRadiationWattsPerSquareMeter = try readMeasurement(
                at: slots.slot(11), field: "solar_radiation", bounds: RangePolicy.solarRadiationWattsPerSquareMeter)
            row.reportIntervalMinutes = try readMeasuredInteger(
                at: slots.slot(17), field: "report_interval", bounds: RangePolicy.reportIntervalMinutes)
            let rainBounds = MessageReader.rainBounds(reportIntervalMinutes: row.reportIntervalMinutes)
            row.rainAccumulatedMillimeters = try readMeasurement(
                at: slots.slot(12), field: "rain_accumulated", bounds: rainBounds)
            row.precipitationType = try readMeasuredInteger(
                at: slots.slot(13), field: "precipitation_type", bounds: RangePolicy.unbounded
            ).map(PrecipitationType.init(code:))
            row.lightningStrikeAverageDistanceKilometers = try readMeasurement(
                at: slots.slot(14), field: "lightning_strike_avg_distance", bounds: RangePolicy.strikeDistanceKilometers)
            row.lightningStrikeCount = try readMeasuredInteger(
                at: slots.slot(15), field: "lightning_strike_count", bounds: RangePolicy.strikeCount)
            row.batteryVolts = try readMeasurement(at: slots.slot(16), field: "battery", bounds: RangePolicy.batteryVolts)
            if slots.count > 18 {
                row.localDayRainAccumulationMillimeters = try readMeasurement(
                    at: slots.slot(18), field: "local_day_rain_accumulation", bounds: RangePolicy.unboundedNonNegative)
                row.nearCastRainAccumulationMillimeters = try readMeasurement(
                    at: slots.slot(19), field: "nc_rain_accumulation", bounds: rainBounds)
                row.localDayNearCastRainAccumulationMillimeters = try readMeasurement(
                    at: slots.slot(20), field: "local_day_nc_rain_accumulation",
                    bounds: RangePolicy.unboundedNonNegative)
                row.precipitationAnalysisType = try readMeasuredInteger(
                    at: slots.slot(21), field: "precipitation_analysis_type", bounds: RangePolicy.unbounded)
            }
            rows.append(row)
            rowIndex = Int(json[rowIndex].next)
        }
        MessageReader.sortByTimestamp(&rows, \.timestamp)
        return TempestObservation(envelope: envelope, rows: rows)
    }

    mutating func readAirObservation(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> AirObservation {
        let (firstRow, end) = try readObsContainer()
        var rows = [AirObservation.Row]()
        var rowIndex = firstRow
        while rowIndex < end {
            let slots = try readRow(at: rowIndex, minimum: 8)
            var row = AirObservation.Row(timestamp: try readTimestamp(at: slots.slot(0), field: "timestamp"))
            row.stationPressureMillibars = try readMeasurement(
                at: slots.slot(1), field: "station_pressure", bounds: RangePolicy.pressureMillibars)
            row.airTemperatureCelsius = try readMeasurement(
                at: slots.slot(2), field: "air_temperature", bounds: RangePolicy.airTemperatureCelsius)
            row.relativeHumidityPercent = try readMeasurement(
                at: slots.slot(3), field: "relative_humidity", bounds: RangePolicy.relativeHumidityPercent)
            row.lightningStrikeCount = try readMeasuredInteger(
                at: slots.slot(4), field: "lightning_strike_count", bounds: RangePolicy.strikeCount)
            row.lightningStrikeAverageDistanceKilometers = try readMeasurement(
                at: slots.slot(5), field: "lightning_strike_avg_distance", bounds: RangePolicy.strikeDistanceKilometers)
            row.batteryVolts = try readMeasurement(at: slots.slot(6), field: "battery", bounds: RangePolicy.batteryVolts)
            row.reportIntervalMinutes = try readMeasuredInteger(
                at: slots.slot(7), field: "report_interval", bounds: RangePolicy.reportIntervalMinutes)
            rows.append(row)
            rowIndex = Int(json[rowIndex].next)
        }
        MessageReader.sortByTimestamp(&rows, \.timestamp)
        return AirObservation(envelope: envelope, rows: rows)
    }

    mutating func readSkyObservation(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> SkyObservation {
        let (firstRow, end) = try readObsContainer()
        var rows = [SkyObservation.Row]()
        var rowIndex = firstRow
        while rowIndex < end {
            let slots = try readRow(at: rowIndex, minimum: 14)
            var row = SkyObservation.Row(timestamp: try readTimestamp(at: slots.slot(0), field: "timestamp"))
            row.illuminanceLux = try readMeasurement(
                at: slots.slot(1), field: "illuminance", bounds: RangePolicy.illuminanceLux)
            row.uvIndex = try readMeasurement(at: slots.slot(2), field: "uv", bounds: RangePolicy.uvIndex)
            row.reportIntervalMinutes = try readMeasuredInteger(
                at: slots.slot(9), field: "report_interval", bounds: RangePolicy.reportIntervalMinutes)
            let rainBounds = MessageReader.rainBounds(reportIntervalMinutes: row.reportIntervalMinutes)
            row.rainAccumulatedMillimeters = try readMeasurement(
                at: slots.slot(3), field: "rain_accumulated", bounds: rainBounds)
            row.windLullMetersPerSecond = try readMeasurement(
                at: slots.slot(4), field: "wind_lull", bounds: RangePolicy.windSpeedMetersPerSecond)
            row.windAverageMetersPerSecond = try readMeasurement(
                at: slots.slot(5), field: "wind_avg", bounds: RangePolicy.windSpeedMetersPerSecond)
            row.windGustMetersPerSecond = try readMeasurement(
                at: slots.slot(6), field: "wind_gust", bounds: RangePolicy.windSpeedMetersPerSecond)
            row.windDirectionDegrees = try readMeasurement(
                at: slots.slot(7), field: "wind_direction", bounds: RangePolicy.windDirectionDegrees)
            row.batteryVolts = try readMeasurement(at: slots.slot(8), field: "battery", bounds: RangePolicy.batteryVolts)
            row.solarRadiationWattsPerSquareMeter = try readMeasurement(
                at: slots.slot(10), field: "solar_radiation", bounds: RangePolicy.solarRadiationWattsPerSquareMeter)
            row.localDayRainAccumulationMillimeters = try readMeasurement(
                at: slots.slot(11), field: "local_day_rain_accumulation", bounds: RangePolicy.unboundedNonNegative)
            row.precipitationType = try readMeasuredInteger(
                at: slots.slot(12), field: "precipitation_type", bounds: RangePolicy.unbounded
            ).map(PrecipitationType.init(code:))
            row.windSampleIntervalSeconds = try readMeasuredInteger(
                at: slots.slot(13), field: "wind_sample_interval", bounds: RangePolicy.unbounded)
            if slots.count > 14 {
                row.nearCastRainAccumulationMillimeters = try readMeasurement(
                    at: slots.slot(14), field: "nc_rain_accumulation", bounds: rainBounds)
                row.localDayNearCastRainAccumulationMillimeters = try readMeasurement(
                    at: slots.slot(15), field: "local_day_nc_rain_accumulation",
                    bounds: RangePolicy.unboundedNonNegative)
                row.precipitationAnalysisType = try readMeasuredInteger(
                    at: slots.slot(16), field: "precipitation_analysis_type", bounds: RangePolicy.unbounded)
            }
            rows.append(row)
            rowIndex = Int(json[rowIndex].next)
        }
        MessageReader.sortByTimestamp(&rows, \.timestamp)
        return SkyObservation(envelope: envelope, rows: rows)
    }

    /// Rows are processed in ascending time (spec 5.2); sorting is skipped
    /// when they already are, which is every UDP datagram seen so far.
    static func sortByTimestamp<Row>(_ rows: inout [Row], _ timestamp: (Row) -> UnixTimestamp) {
        guard rows.count > 1 else { return }
        for index in 1..<rows.count where timestamp(rows[index - 1]) > timestamp(rows[index]) {
            rows.sort { timestamp($0) < timestamp($1) }
            return
        }
    }
}
