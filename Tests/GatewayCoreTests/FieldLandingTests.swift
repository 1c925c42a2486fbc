// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import TempestCloud
import TempestUDP
import Testing
@testable import Pipeline

/// The field tables past the protocol: for each kind and each field, the
/// UDP decoder and the WebSocket (the REST row decoder) agree, the value
/// lands in the store record's column for it, comes back the same through
/// the canonical JSON writer, and reaches the daily summaries and derived
/// values the same way from a decoded row and from its stored record. Where
/// a value should land is written out here a second time on purpose, so a
/// landing table line out of step fails.
@Suite("Field landings")
struct FieldLandingTests {
    /// A value in range for each field, as sent; whole where the store keeps
    /// an integer, so the stored value is exactly the sent one.
    static let samples: [String: String] = [
        "wind_lull": "1.25", "wind_avg": "2.5", "wind_gust": "4.75", "wind_direction": "196",
        "wind_sample_interval": "6", "station_pressure": "1017.57", "air_temperature": "22.37",
        "relative_humidity": "50.26", "illuminance": "2870", "uv": "0.09", "solar_radiation": "24",
        "rain_accumulated": "0.14", "precipitation_type": "2", "lightning_strike_avg_distance": "9",
        "lightning_strike_count": "4", "battery": "2.512", "report_interval": "5",
        "local_day_rain_accumulation": "3.27", "nc_rain_accumulation": "0.5",
        "local_day_nc_rain_accumulation": "2.75",
        // No NearCast analysis: the WebSocket's rain stays the gauge's, as
        // over UDP (types 1 and 2 move it, LiveDecoderTests).
        "precipitation_analysis_type": "0",
    ]

    /// The store's column for each field.
    static let recordColumns: [String: @Sendable (ObservationRecord) -> Double?] = [
        "wind_lull": { $0.windLullMetersPerSecond },
        "wind_avg": { $0.windAverageMetersPerSecond },
        "wind_gust": { $0.windGustMetersPerSecond },
        "wind_direction": { $0.windDirectionDegrees.map(Double.init) },
        "wind_sample_interval": { $0.windSampleIntervalSeconds.map(Double.init) },
        "station_pressure": { $0.stationPressureMillibars },
        "air_temperature": { $0.airTemperatureCelsius },
        "relative_humidity": { $0.relativeHumidityPercent },
        "illuminance": { $0.illuminanceLux.map(Double.init) },
        "uv": { $0.uvIndex },
        "solar_radiation": { $0.solarRadiationWattsPerSquareMeter.map(Double.init) },
        "rain_accumulated": { $0.rainAccumulatedMillimeters },
        "precipitation_type": { $0.precipitationType.map(Double.init) },
        "lightning_strike_avg_distance": { $0.lightningStrikeAverageDistanceKilometers.map(Double.init) },
        "lightning_strike_count": { $0.lightningStrikeCount.map(Double.init) },
        "battery": { $0.batteryVolts },
        "report_interval": { $0.reportIntervalMinutes.map(Double.init) },
        "local_day_rain_accumulation": { $0.localDayRainAccumulationMillimeters },
        "nc_rain_accumulation": { $0.nearCastRainAccumulationMillimeters },
        "local_day_nc_rain_accumulation": { $0.localDayNearCastRainAccumulationMillimeters },
        "precipitation_analysis_type": { $0.precipitationAnalysisType.map(Double.init) },
    ]

    /// What the daily summaries take, and where.
    static let sampleProperties: [String: @Sendable (ObservationSample) -> Double?] = [
        "rain_accumulated": { $0.rainMillimeters },
        "report_interval": { $0.reportIntervalMinutes.map(Double.init) },
        "air_temperature": { $0.airTemperatureCelsius },
        "wind_gust": { $0.windGustMetersPerSecond },
        "wind_direction": { $0.windDirectionDegrees },
        "lightning_strike_count": { $0.lightningStrikeCount.map(Double.init) },
        "lightning_strike_avg_distance": { $0.lightningStrikeAverageDistanceKilometers },
        "relative_humidity": { $0.relativeHumidityPercent },
        "wind_avg": { $0.windAverageMetersPerSecond },
        "solar_radiation": { $0.solarRadiationWattsPerSquareMeter },
    ]

    /// What derived values are computed from, and where.
    static let inputProperties: [String: @Sendable (DerivedObservation.Inputs) -> Double?] = [
        "air_temperature": { $0.airTemperatureCelsius },
        "relative_humidity": { $0.relativeHumidityPercent },
        "station_pressure": { $0.stationPressureMillibars },
        "wind_avg": { $0.windAverageMetersPerSecond },
        "wind_gust": { $0.windGustMetersPerSecond },
        "wind_direction": { $0.windDirectionDegrees },
        "wind_sample_interval": { $0.windSampleIntervalSeconds.map(Double.init) },
        "uv": { $0.uvIndex },
        "rain_accumulated": { $0.rainAccumulatedMillimeters },
        "report_interval": { $0.reportIntervalMinutes.map(Double.init) },
        "battery": { $0.batteryVolts },
    ]

    /// One kind: its serial, and how to find its rows in a message.
    struct Kind<Row: ObservationRowLayout & Hashable>: Sendable {
        let serial: String
        let rows: @Sendable (TempestMessage) -> [Row]
        let observationRow: @Sendable (Row) -> ObservationRow
    }

    static let tempest = Kind<TempestObservation.Row>(
        serial: "ST-00000001", rows: { if case .tempestObservation(let o) = $0 { o.rows } else { [] } },
        observationRow: ObservationRow.tempest)
    static let air = Kind<AirObservation.Row>(
        serial: "AR-00000001", rows: { if case .airObservation(let o) = $0 { o.rows } else { [] } },
        observationRow: ObservationRow.air)
    static let sky = Kind<SkyObservation.Row>(
        serial: "SK-00000001", rows: { if case .skyObservation(let o) = $0 { o.rows } else { [] } },
        observationRow: ObservationRow.sky)

    static let timestamp: Int64 = 1_705_334_400

    /// The `obs` row text: the timestamp, then `values` by index, null elsewhere, every index of the table.
    static func rowText<Row: ObservationRowLayout>(_: Row.Type, values: [Int: String]) -> String {
        let length = (Row.fields.map(\.index).max() ?? 0) + 1
        return "[[" + ([String(timestamp)] + (1..<length).map { values[$0] ?? "null" }).joined(separator: ",") + "]]"
    }

    /// The message from UDP and from the WebSocket (the REST row decoder).
    static func decodedBothWays<Row>(_ kind: Kind<Row>, values: [Int: String]) throws -> (udp: TempestMessage, cloud: TempestMessage) {
        let rows = rowText(Row.self, values: values)
        let type = Row.messageType.rawValue
        let datagram = #"{"serial_number":"\#(kind.serial)","type":"\#(type)","obs":\#(rows)}"#
        guard case .decoded(let udp, let diagnostics) = DatagramDecoder().decode(datagram), diagnostics == DecodeDiagnostics() else {
            throw TestFailure("UDP: \(DatagramDecoder().decode(datagram))")
        }
        let text = #"{"type":"\#(type)","device_id":7,"serial_number":"\#(kind.serial)","obs":\#(rows)}"#
        guard case .device(let live) = try LiveDecoder().decode(text) else { throw TestFailure("WebSocket: \(text)") }
        return (udp, live.message)
    }

    static func observationRecord(_ message: TempestMessage) throws -> ObservationRecord {
        guard case .observation(let record) = StoreWrites.writes(for: message, source: .rest).first else {
            throw TestFailure("no observation record for \(message)")
        }
        return record
    }

    @Test("every field of every kind lands in the store's record, and every landing names a field")
    func everyFieldLands() {
        let names = Set(TempestObservation.Row.fields.map(\.name) + AirObservation.Row.fields.map(\.name)
            + SkyObservation.Row.fields.map(\.name))
        #expect(Set(ObservationRecord.landings.byName.keys) == names)
        #expect(Set(Self.recordColumns.keys) == names)
        #expect(Set(ObservationSample.landings.byName.keys).isSubset(of: names))
        #expect(Set(ObservationSample.landings.byName.keys) == Set(Self.sampleProperties.keys))
        #expect(Set(DerivedObservation.Inputs.landings.byName.keys).isSubset(of: names))
        #expect(Set(DerivedObservation.Inputs.landings.byName.keys) == Set(Self.inputProperties.keys))
    }

    @Test("each field alone: UDP and the cloud agree, it lands in its column, its summary and derived inputs, and is written back")
    func eachFieldAlone() throws {
        try check(Self.tempest)
        try check(Self.air)
        try check(Self.sky)
        func check<Row>(_ kind: Kind<Row>) throws {
            for field in Row.fields {
                let label = "\(Row.messageType.rawValue) \(field.name)"
                let sample = try #require(Self.samples[field.name])
                let expected = try #require(Double(sample))
                let (udp, cloud) = try Self.decodedBothWays(kind, values: [field.index: sample])
                let row = try #require(kind.rows(udp).first)
                #expect(kind.rows(cloud) == [row], "\(label)")
                #expect(field.value(in: row)?.number == expected, "\(label)")
                #expect(udp.canonicalJSON() == cloud.canonicalJSON(), "\(label)")
                #expect(udp.canonicalJSON().contains(#""\#(field.name)":\#(sample)"#), "\(label)")

                let record = try Self.observationRecord(udp)
                #expect(try Self.observationRecord(cloud) == record, "\(label)")
                for (name, column) in Self.recordColumns {
                    #expect(column(record) == (name == field.name ? expected : nil), "\(label): column of \(name)")
                }

                let summarySample = DailySummaryKeeper.sample(row, serial: kind.serial)
                #expect(DailySummaryKeeper.sample(record) == summarySample, "\(label)")
                for (name, property) in Self.sampleProperties {
                    #expect(property(summarySample) == (name == field.name ? expected : nil), "\(label): summary's \(name)")
                }

                let inputs = DerivedObservation.Inputs(kind.observationRow(row))
                #expect(DerivedObservation.Inputs(record) == inputs, "\(label)")
                for (name, property) in Self.inputProperties {
                    #expect(property(inputs) == (name == field.name ? expected : nil), "\(label): input \(name)")
                }
            }
        }
    }

    @Test("a full row reaches the summaries and derived values the same from the message and from its record")
    func fullRow() throws {
        try check(Self.tempest, isTempest: true)
        try check(Self.air, isTempest: false)
        try check(Self.sky, isTempest: false)
        func check<Row>(_ kind: Kind<Row>, isTempest: Bool) throws {
            var values = [Int: String]()
            for field in Row.fields { values[field.index] = Self.samples[field.name] }
            let (udp, cloud) = try Self.decodedBothWays(kind, values: values)
            #expect(udp.canonicalJSON() == cloud.canonicalJSON())
            let row = try #require(kind.rows(udp).first)
            let record = try Self.observationRecord(udp)
            for field in Row.fields {
                #expect(Self.recordColumns[field.name]?(record) == Double(Self.samples[field.name] ?? ""), "\(field.name)")
            }
            #expect(DailySummaryKeeper.sample(record) == DailySummaryKeeper.sample(row, serial: kind.serial))
            let inputs = DerivedObservation.Inputs(kind.observationRow(row))
            #expect(inputs.isTempest == isTempest)
            #expect(DerivedObservation.Inputs(record) == inputs)
        }
    }
}

/// A test's own failure, with what went wrong.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
