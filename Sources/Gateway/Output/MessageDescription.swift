// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import JSON
import Pipeline
import TempestUDP

/// One line of plain English per message, for `listen` and `run`: labels
/// before values and units spelled out, so it reads well in a screen reader.
/// Temperatures, speeds, pressures, rain and distances are in `units`.
enum MessageDescription {
    /// Describes `message` in `units`; `isLate` adds a marker in words.
    static func line(for message: TempestMessage, isLate: Bool = false, style: TerminalStyle, units: PublishedUnits = .metric) -> String {
        let measurement = { (label: String, value: Double?, unit: String) in Self.measurement(label, value, unit, units: units) }
        let envelope = message.envelope
        let device = (envelope.serialNumber.family?.displayName ?? "device") + " " + envelope.serialNumber.rawValue
        let time = UTCTime.readable(message.timestamp)
        let late = isLate ? " (late, older than the newest already received)" : ""
        let facts: [String]
        let title: String
        switch message {
        case .rainStart:
            title = "rain started"
            facts = []
        case .lightningStrike(let strike):
            title = "lightning strike"
            facts = [
                measurement("distance", strike.distanceKilometers, "kilometres"),
                measurement("energy", strike.energy, ""),
            ].compactMap { $0 }
        case .rapidWind(let wind):
            title = "rapid wind"
            facts = windFacts(speed: wind.windSpeedMetersPerSecond, direction: wind.windDirectionDegrees, label: "wind", units: units)
        case .tempestObservation(let observation):
            title = observation.rows.count == 1 ? "observation" : "observation, \(Plural.count(observation.rows.count, "row"))"
            facts = observation.rows.flatMap { tempestFacts($0, multiRow: observation.rows.count > 1, units: units) }
        case .airObservation(let observation):
            title = "AIR observation"
            facts = observation.rows.flatMap { row in
                [
                    measurement("air temperature", row.airTemperatureCelsius, "degrees Celsius"),
                    measurement("relative humidity", row.relativeHumidityPercent, "percent"),
                    measurement("station pressure", row.stationPressureMillibars, "millibars"),
                    count("lightning", row.lightningStrikeCount, "strike"),
                    measurement("battery", row.batteryVolts, "volts"),
                ].compactMap { $0 }
            }
        case .skyObservation(let observation):
            title = "SKY observation"
            facts = observation.rows.flatMap { row in
                windFacts(speed: row.windAverageMetersPerSecond, direction: row.windDirectionDegrees, label: "wind average", units: units)
                    + [
                        measurement("gust", row.windGustMetersPerSecond, "metres per second"),
                        measurement("rain", row.rainAccumulatedMillimeters, "millimetres"),
                        measurement("UV index", row.uvIndex, ""),
                        measurement("illuminance", row.illuminanceLux, "lux"),
                        measurement("battery", row.batteryVolts, "volts"),
                    ].compactMap { $0 }
            }
        case .deviceStatus(let status):
            title = "device status"
            var list = [
                measurement("voltage", status.voltageVolts, "volts"),
                count("uptime", status.uptimeSeconds, "second"),
                count("signal strength", status.rssiDecibels, "decibel"),
            ].compactMap { $0 }
            if let sensors = status.sensorStatus {
                let names = sensors.documentedFlagNames.map { $0.replacingUnderscores() }
                list.append(names.isEmpty ? "sensors OK" : "sensor flags: " + names.joined(separator: ", "))
                if sensors.undocumentedBits != 0 {
                    list.append("undocumented status bits \(sensors.undocumentedBits)")
                }
            }
            facts = list
        case .hubStatus(let status):
            title = "hub status"
            var list = [
                count("uptime", status.uptimeSeconds, "second"),
                count("Wi-Fi signal strength", status.rssiDecibels, "decibel"),
                count("sequence", status.sequenceNumber, ""),
            ].compactMap { $0 }
            if !status.resetFlags.isEmpty {
                list.append("last reset: " + status.resetFlags.map(\.description).joined(separator: ", "))
            }
            if let radio = status.radioStats?.status { list.append("radio \(radio.description.replacingUnderscores())") }
            facts = list
        }
        let heading = "\(time) \(device) \(style.emphasized(title))\(late)"
        return facts.isEmpty ? heading : heading + ": " + facts.joined(separator: ", ")
    }

    private static func tempestFacts(_ row: TempestObservation.Row, multiRow: Bool, units: PublishedUnits) -> [String] {
        let measurement = { (label: String, value: Double?, unit: String) in Self.measurement(label, value, unit, units: units) }
        var facts = [String]()
        if multiRow { facts.append("row at \(UTCTime.readable(row.timestamp))") }
        facts += [
            measurement("air temperature", row.airTemperatureCelsius, "degrees Celsius"),
            measurement("relative humidity", row.relativeHumidityPercent, "percent"),
            measurement("station pressure", row.stationPressureMillibars, "millibars"),
        ].compactMap { $0 }
        facts += windFacts(speed: row.windAverageMetersPerSecond, direction: row.windDirectionDegrees, label: "wind average", units: units)
        facts += [
            measurement("gust", row.windGustMetersPerSecond, "metres per second"),
            measurement("lull", row.windLullMetersPerSecond, "metres per second"),
            measurement("rain", row.rainAccumulatedMillimeters, "millimetres"),
            row.precipitationType.map { "precipitation type \($0.description.replacingUnderscores())" },
            measurement("UV index", row.uvIndex, ""),
            measurement("illuminance", row.illuminanceLux, "lux"),
            measurement("solar radiation", row.solarRadiationWattsPerSquareMeter, "watts per square metre"),
            count("lightning", row.lightningStrikeCount, "strike"),
            measurement("battery", row.batteryVolts, "volts"),
            row.powerSaveMode.map { $0 == .fullPower ? "full power" : "power save mode \($0.rawValue)" },
        ].compactMap { $0 }
        if row.lightningStrikeCount ?? 0 > 0,
            let distance = measurement("average strike distance", row.lightningStrikeAverageDistanceKilometers, "kilometres")
        {
            facts.append(distance)
        }
        return facts
    }

    private static func windFacts(speed: Double?, direction: Double?, label: String, units: PublishedUnits) -> [String] {
        guard let speed else { return ["\(label) not reported"] }
        if speed == 0 { return ["\(label) calm"] }
        let value = "\(label) \(units.spokenText(field: "wind_avg", speed, protocolUnit: "metres per second"))"
        guard let direction else { return [value] }
        return [value + " from \(JSONWriter.format(direction)) degrees"]
    }

    /// The protocol unit each converted quantity comes in, and the field
    /// whose unit choice it follows.
    private static let fields: [String: String] = [
        "degrees Celsius": "air_temperature", "metres per second": "wind_avg", "millibars": "station_pressure",
        "millimetres": "rain_accumulated", "kilometres": "lightning_strike_avg_distance",
    ]

    private static func measurement(_ label: String, _ value: Double?, _ unit: String, units: PublishedUnits) -> String? {
        guard let value else { return nil }
        if let field = fields[unit] { return "\(label) \(units.spokenText(field: field, value, protocolUnit: unit))" }
        return unit.isEmpty ? "\(label) \(JSONWriter.format(value))" : "\(label) \(JSONWriter.format(value)) \(unit)"
    }

    /// `label` and a count of `noun` in the right number ("lightning 1 strike").
    private static func count(_ label: String, _ value: Int64?, _ noun: String) -> String? {
        guard let value else { return nil }
        return noun.isEmpty ? "\(label) \(value)" : "\(label) \(Plural.count(value, noun))"
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
