// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// `obs_st`, `obs_air` and `obs_sky`: an `obs` array of positional rows,
/// each read through its kind's field table (`ObservationField`).
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

    mutating func readTempestObservation(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> TempestObservation {
        TempestObservation(envelope: envelope, rows: try readObservationRows())
    }

    mutating func readAirObservation(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> AirObservation {
        AirObservation(envelope: envelope, rows: try readObservationRows())
    }

    mutating func readSkyObservation(_ envelope: consuming MessageEnvelope) throws(DecodeError) -> SkyObservation {
        SkyObservation(envelope: envelope, rows: try readObservationRows())
    }

    /// The `obs` rows, each at least `Row.minimumValueCount` long, read
    /// through the kind's field table, in ascending time.
    mutating func readObservationRows<Row: ObservationRowDecoding>() throws(DecodeError) -> [Row] {
        let (firstRow, end) = try readObsContainer()
        var rows = [Row]()
        rows.reserveCapacity(Int(json[keys[.obs]].length))
        var rowIndex = firstRow
        while rowIndex < end {
            let slots = try readRow(at: rowIndex, minimum: Row.minimumValueCount)
            var row = Row(timestamp: try readTimestamp(at: slots.slot(0), field: "timestamp"))
            for step in Row.decodingSteps {
                try read(step, from: slots, into: &row)
            }
            rows.append(row)
            rowIndex = Int(json[rowIndex].next)
        }
        // A closure, not `\.timestamp`: a key path through a generic row is
        // made anew at every call.
        MessageReader.sortByTimestamp(&rows) { $0.timestamp }
        return rows
    }

    /// Reads one field of a row under the range policy; a value past the
    /// row's end (a REST-only index in a UDP row) stays missing.
    @inline(__always)
    mutating func read<Row: ObservationRowDecoding>(
        _ step: FieldDecodingStep, from slots: PositionalArray, into row: inout Row
    ) throws(DecodeError) {
        let index = slots.slot(step.index)
        guard index >= 0 else { return }
        let bounds = step.bounds.forReportInterval(minutes: row.reportIntervalMinutes)
        switch step.kind {
        case .number:
            step.store(try readMeasurement(at: index, field: Row.fields[step.position].name, bounds: bounds), in: &row)
        case .integer:
            step.store(try readMeasuredInteger(at: index, field: Row.fields[step.position].name, bounds: bounds), in: &row)
        case .precipitationType:
            let code = try readMeasuredInteger(at: index, field: Row.fields[step.position].name, bounds: bounds)
            step.store(code.map(PrecipitationType.init(code:)), in: &row)
        }
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
