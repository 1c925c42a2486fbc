// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import TempestUDP

/// The three field tables against the protocol spec, written out here a
/// second time on purpose (sections 3.4–3.6, 6 and 7.6): a table line out
/// of step with the spec — a wrong index, name, unit, bound or property —
/// fails here, and so does a decoder or canonical JSON writer that stops
/// following the table.
@Suite("Field tables")
struct FieldTableTests {
    /// What the spec says of one field, whichever kind carries it.
    struct SpecField {
        let unit: String
        /// The range policy's bounds; nil where there is none.
        let lower: Double?
        let upper: Double?
        /// A value in range, as sent and as the canonical JSON writes it.
        let sample: String
    }

    static let spec: [String: SpecField] = [
        "wind_lull": SpecField(unit: "m/s", lower: 0, upper: 100, sample: "1.25"),
        "wind_avg": SpecField(unit: "m/s", lower: 0, upper: 100, sample: "2.5"),
        "wind_gust": SpecField(unit: "m/s", lower: 0, upper: 100, sample: "4.75"),
        "wind_direction": SpecField(unit: "degrees", lower: 0, upper: 360, sample: "196"),
        "wind_sample_interval": SpecField(unit: "s", lower: nil, upper: nil, sample: "6"),
        "station_pressure": SpecField(unit: "mb", lower: 300, upper: 1100, sample: "1017.57"),
        "air_temperature": SpecField(unit: "°C", lower: -90, upper: 70, sample: "22.37"),
        "relative_humidity": SpecField(unit: "%", lower: 0, upper: 100.5, sample: "50.26"),
        "illuminance": SpecField(unit: "lux", lower: 0, upper: 250_000, sample: "2870"),
        "uv": SpecField(unit: "UV index", lower: 0, upper: 25, sample: "0.09"),
        "solar_radiation": SpecField(unit: "W/m²", lower: 0, upper: 2_000, sample: "24"),
        // Per minute of the report interval (1 minute in these rows).
        "rain_accumulated": SpecField(unit: "mm", lower: 0, upper: 60, sample: "0.14"),
        "precipitation_type": SpecField(unit: "code", lower: nil, upper: nil, sample: "2"),
        "lightning_strike_avg_distance": SpecField(unit: "km", lower: 0, upper: 100, sample: "9"),
        "lightning_strike_count": SpecField(unit: "count", lower: 0, upper: 100_000, sample: "4"),
        "battery": SpecField(unit: "V", lower: 0, upper: 5, sample: "2.512"),
        "report_interval": SpecField(unit: "min", lower: 1, upper: 1_440, sample: "5"),
        "local_day_rain_accumulation": SpecField(unit: "mm", lower: 0, upper: nil, sample: "3.27"),
        "nc_rain_accumulation": SpecField(unit: "mm", lower: 0, upper: 60, sample: "0.5"),
        "local_day_nc_rain_accumulation": SpecField(unit: "mm", lower: 0, upper: nil, sample: "2.75"),
        "precipitation_analysis_type": SpecField(unit: "code", lower: nil, upper: nil, sample: "1"),
    ]

    /// One kind's row as the spec lays it out: the names from index 1 on,
    /// each with the typed row's property it must land in.
    struct Layout<Row: ObservationRowLayout>: Sendable {
        let type: String
        let serial: String
        let minimumValueCount: Int
        let fields: [(name: String, property: @Sendable (Row) -> Double?)]
    }

    static func number(_ value: Double?) -> Double? { value }
    static func integer(_ value: Int64?) -> Double? { value.map(Double.init) }

    static let tempest = Layout<TempestObservation.Row>(
        type: "obs_st", serial: "ST-00000001", minimumValueCount: 18,
        fields: [
            ("wind_lull", { number($0.windLullMetersPerSecond) }),
            ("wind_avg", { number($0.windAverageMetersPerSecond) }),
            ("wind_gust", { number($0.windGustMetersPerSecond) }),
            ("wind_direction", { number($0.windDirectionDegrees) }),
            ("wind_sample_interval", { integer($0.windSampleIntervalSeconds) }),
            ("station_pressure", { number($0.stationPressureMillibars) }),
            ("air_temperature", { number($0.airTemperatureCelsius) }),
            ("relative_humidity", { number($0.relativeHumidityPercent) }),
            ("illuminance", { number($0.illuminanceLux) }),
            ("uv", { number($0.uvIndex) }),
            ("solar_radiation", { number($0.solarRadiationWattsPerSquareMeter) }),
            ("rain_accumulated", { number($0.rainAccumulatedMillimeters) }),
            ("precipitation_type", { integer($0.precipitationType?.code) }),
            ("lightning_strike_avg_distance", { number($0.lightningStrikeAverageDistanceKilometers) }),
            ("lightning_strike_count", { integer($0.lightningStrikeCount) }),
            ("battery", { number($0.batteryVolts) }),
            ("report_interval", { integer($0.reportIntervalMinutes) }),
            ("local_day_rain_accumulation", { number($0.localDayRainAccumulationMillimeters) }),
            ("nc_rain_accumulation", { number($0.nearCastRainAccumulationMillimeters) }),
            ("local_day_nc_rain_accumulation", { number($0.localDayNearCastRainAccumulationMillimeters) }),
            ("precipitation_analysis_type", { integer($0.precipitationAnalysisType) }),
        ])

    static let air = Layout<AirObservation.Row>(
        type: "obs_air", serial: "AR-00000001", minimumValueCount: 8,
        fields: [
            ("station_pressure", { number($0.stationPressureMillibars) }),
            ("air_temperature", { number($0.airTemperatureCelsius) }),
            ("relative_humidity", { number($0.relativeHumidityPercent) }),
            ("lightning_strike_count", { integer($0.lightningStrikeCount) }),
            ("lightning_strike_avg_distance", { number($0.lightningStrikeAverageDistanceKilometers) }),
            ("battery", { number($0.batteryVolts) }),
            ("report_interval", { integer($0.reportIntervalMinutes) }),
        ])

    static let sky = Layout<SkyObservation.Row>(
        type: "obs_sky", serial: "SK-00000001", minimumValueCount: 14,
        fields: [
            ("illuminance", { number($0.illuminanceLux) }),
            ("uv", { number($0.uvIndex) }),
            ("rain_accumulated", { number($0.rainAccumulatedMillimeters) }),
            ("wind_lull", { number($0.windLullMetersPerSecond) }),
            ("wind_avg", { number($0.windAverageMetersPerSecond) }),
            ("wind_gust", { number($0.windGustMetersPerSecond) }),
            ("wind_direction", { number($0.windDirectionDegrees) }),
            ("battery", { number($0.batteryVolts) }),
            ("report_interval", { integer($0.reportIntervalMinutes) }),
            ("solar_radiation", { number($0.solarRadiationWattsPerSquareMeter) }),
            ("local_day_rain_accumulation", { number($0.localDayRainAccumulationMillimeters) }),
            ("precipitation_type", { integer($0.precipitationType?.code) }),
            ("wind_sample_interval", { integer($0.windSampleIntervalSeconds) }),
            ("nc_rain_accumulation", { number($0.nearCastRainAccumulationMillimeters) }),
            ("local_day_nc_rain_accumulation", { number($0.localDayNearCastRainAccumulationMillimeters) }),
            ("precipitation_analysis_type", { integer($0.precipitationAnalysisType) }),
        ])

    // MARK: Helpers

    static let timestamp = "1705334400"

    /// A datagram with one row: the timestamp, then `values` by index (null elsewhere).
    static func datagram<Row>(_ layout: Layout<Row>, length: Int, values: [Int: String]) -> String {
        let row = [timestamp] + (1..<length).map { values[$0] ?? "null" }
        return #"{"serial_number":"\#(layout.serial)","type":"\#(layout.type)","obs":[[\#(row.joined(separator: ","))]]}"#
    }

    static func decoded<Row>(_ text: String, as _: Row.Type) throws -> (row: Row, diagnostics: DecodeDiagnostics, json: String) {
        guard case .decoded(let message, let diagnostics) = DatagramDecoder().decode(text) else {
            throw TestFailure("did not decode: \(text) (\(DatagramDecoder().decode(text)))")
        }
        let rows: [Any]
        switch message {
        case .tempestObservation(let observation): rows = observation.rows
        case .airObservation(let observation): rows = observation.rows
        case .skyObservation(let observation): rows = observation.rows
        default: rows = []
        }
        guard rows.count == 1, let row = rows[0] as? Row else { throw TestFailure("no \(Row.self) in \(text)") }
        return (row, diagnostics, message.canonicalJSON())
    }

    /// The member names of the first row object of a canonical JSON text, in order.
    static func rowMemberNames(_ json: String) -> [String] {
        guard let start = json.range(of: #""obs":[{"#) else { return [] }
        let row = json[start.upperBound...].prefix { $0 != "}" }
        return row.split(separator: ",").compactMap { member in
            guard member.first == "\"", let end = member.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(member[member.index(after: member.startIndex)..<end])
        }
    }

    // MARK: Tests

    @Test("each table follows the spec: indices 1 up, names, units, minimum length, type")
    func tablesFollowTheSpec() {
        check(Self.tempest)
        check(Self.air)
        check(Self.sky)
        func check<Row>(_ layout: Layout<Row>) {
            #expect(Row.fields.map(\.index) == Array(1...layout.fields.count), "\(layout.type)")
            #expect(Row.fields.map(\.name) == layout.fields.map(\.name), "\(layout.type)")
            #expect(Row.fields.map(\.unit) == layout.fields.map { Self.spec[$0.name]?.unit ?? "?" }, "\(layout.type)")
            #expect(Row.minimumValueCount == layout.minimumValueCount, "\(layout.type)")
            #expect(Row.messageType.rawValue == layout.type)
        }
    }

    @Test("each field alone decodes into its property and is written back under its name, in index order")
    func eachFieldLandsInItsProperty() throws {
        try check(Self.tempest)
        try check(Self.air)
        try check(Self.sky)
        func check<Row>(_ layout: Layout<Row>) throws {
            let length = layout.fields.count + 1
            for (position, field) in Row.fields.enumerated() {
                let sample = try #require(Self.spec[field.name]).sample
                let text = Self.datagram(layout, length: length, values: [field.index: sample])
                let (row, diagnostics, json) = try Self.decoded(text, as: Row.self)
                #expect(diagnostics == DecodeDiagnostics(), "\(layout.type) \(field.name)")
                for (other, expected) in layout.fields.enumerated() {
                    let value = expected.property(row)
                    #expect(value == (other == position ? Double(sample) : nil), "\(layout.type) \(field.name): \(expected.name)")
                }
                #expect(field.value(in: row)?.number == Double(sample), "\(layout.type) \(field.name)")
                #expect(json.contains(#""\#(field.name)":\#(sample)"#), "\(layout.type) \(field.name): \(json)")
                // The UDP row's fields are all written, null or not; the cloud's only when present.
                let written = layout.fields.enumerated()
                    .filter { $0.offset + 1 < layout.minimumValueCount || $0.offset == position }.map(\.element.name)
                #expect(Self.rowMemberNames(json) == ["timestamp"] + written, "\(layout.type) \(field.name)")
            }
        }
    }

    @Test("each field's bounds are the validation contract's")
    func boundsFollowTheContract() throws {
        try check(Self.tempest)
        try check(Self.air)
        try check(Self.sky)
        func check<Row>(_ layout: Layout<Row>) throws {
            for field in Row.fields {
                let spec = try #require(Self.spec[field.name])
                let length = max(layout.minimumValueCount, field.index + 1)
                func outcome(_ value: Double) throws -> (kept: Double?, violations: [DecodeDiagnostics.RangeViolation]) {
                    let text = Self.datagram(layout, length: length, values: [field.index: "\(value)"])
                    let (row, diagnostics, _) = try Self.decoded(text, as: Row.self)
                    return (field.value(in: row)?.number, diagnostics.rangeViolations)
                }
                let refused = { (value: Double) in DecodeDiagnostics.RangeViolation(field: field.name, value: value) }
                if let upper = spec.upper {
                    #expect(try outcome(upper) == (upper, []), "\(layout.type) \(field.name) at its upper bound")
                    #expect(try outcome(upper + 1) == (nil, [refused(upper + 1)]), "\(layout.type) \(field.name) above")
                } else {
                    #expect(try outcome(1e15).kept == 1e15, "\(layout.type) \(field.name) has no upper bound")
                }
                if let lower = spec.lower {
                    #expect(try outcome(lower) == (lower, []), "\(layout.type) \(field.name) at its lower bound")
                    #expect(try outcome(lower - 1) == (nil, [refused(lower - 1)]), "\(layout.type) \(field.name) below")
                } else {
                    #expect(try outcome(-1e15).kept == -1e15, "\(layout.type) \(field.name) has no lower bound")
                }
            }
        }
    }

    @Test("rain's bound scales with the row's report interval, in every kind that has rain")
    func rainScalesWithTheReportInterval() throws {
        try check(Self.tempest)
        try check(Self.sky)
        func check<Row>(_ layout: Layout<Row>) throws {
            let interval = try #require(Row.fields.first { $0.name == "report_interval" }).index
            for field in Row.fields where ["rain_accumulated", "nc_rain_accumulation"].contains(field.name) {
                let length = max(layout.minimumValueCount, field.index + 1)
                let kept = try Self.decoded(
                    Self.datagram(layout, length: length, values: [interval: "5", field.index: "300"]), as: Row.self)
                #expect(field.value(in: kept.row)?.number == 300, "\(layout.type) \(field.name)")
                let refused = try Self.decoded(
                    Self.datagram(layout, length: length, values: [interval: "5", field.index: "301"]), as: Row.self)
                #expect(field.value(in: refused.row) == nil, "\(layout.type) \(field.name)")
                #expect(refused.diagnostics.rangeViolations == [.init(field: field.name, value: 301)])
            }
        }
    }

    @Test("the report interval is read just before the rain: the order of range violations and of rejections")
    func decodingOrder() throws {
        // obs_st: wind_lull (1), report_interval (17), rain_accumulated (12), battery (16).
        let tempest = Self.datagram(Self.tempest, length: 18, values: [1: "-1", 12: "-1", 16: "9", 17: "0"])
        #expect(try Self.decoded(tempest, as: TempestObservation.Row.self).diagnostics.rangeViolations.map(\.field) == [
            "wind_lull", "report_interval", "rain_accumulated", "battery",
        ])
        // obs_sky: uv (2), report_interval (9), rain_accumulated (3), wind_lull (4).
        let sky = Self.datagram(Self.sky, length: 14, values: [2: "-1", 3: "-1", 4: "-1", 9: "0"])
        #expect(try Self.decoded(sky, as: SkyObservation.Row.self).diagnostics.rangeViolations.map(\.field) == [
            "uv", "report_interval", "rain_accumulated", "wind_lull",
        ])
        // Two values of the wrong type: the one read first is named.
        let twoStrings = Self.datagram(Self.tempest, length: 18, values: [13: #""x""#, 17: #""y""#])
        guard case .rejected(let error) = DatagramDecoder().decode(twoStrings) else {
            Issue.record("accepted \(twoStrings)")
            return
        }
        #expect(error.detail.hasPrefix("report_interval must be a number"), "\(error)")
    }
}
