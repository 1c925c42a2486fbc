// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import JSON
import Meteorology
import TempestUDP

/// `tempest-gateway decode`: datagrams in, one JSON object per line out.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode datagrams, one per line, into JSON lines.",
        discussion: """
            Reads one datagram per input line (a line starting with HEX: holds the datagram's bytes in hex) \
            and writes one JSON object per input line, in order.

            A decoded line becomes the message: "type", "serial_number", "hub_sn" and "firmware_revision" \
            where present, then every field under the protocol's snake_case names in protocol units \
            (metres per second, millibars, degrees Celsius, millimetres, ...), null where a value is missing. \
            Observation messages carry "obs", an array of row objects, each with its "timestamp". A message \
            the gateway would count (a serial prefix that does not fit the type, values outside physical \
            bounds) also carries "diagnostics".

            A rejected line becomes {"line": N, "error": "<reason category>", "detail": "..."}; a line of \
            an unknown type becomes {"line": N, "error": "unknown_type", "ignored": true, "detail": "..."}.

            With --derived, each obs row also carries "derived": dew_point, feels_like, heat_index \
            (WeatherFlow's variant, as the Tempest app shows it), heat_index_nws, wind_chill, \
            sea_level_pressure (with --elevation; the sensor's height above ground from --sensor-height is \
            added to it), wet_bulb, delta_t, air_density, vapor_pressure, absolute_humidity, beaufort, \
            uv_category, rain_rate, rain_intensity, cardinal_direction, cloud_base, dew_point_comfort, \
            power_save_mode, battery_level and more, in °C, hPa (= mb), m/s, mm/h, m, kg/m³ and g/m³. With \
            --timezone, "local_date" names the row's station-local day.

            The exit status is 0 when every line was handled, whatever it held.

            Examples:
              tempest-gateway decode captured.jsonl
              echo '{"serial_number":"ST-00000512","type":"rapid_wind","ob":[1588948614,0.18,144]}' | tempest-gateway decode
              tempest-gateway decode --derived --elevation 2063.15 --sensor-height 1.8288 --timezone America/Denver obs.jsonl
            """
    )

    @Argument(help: "The file to read, or - for standard input (the default).")
    var file: String?

    @Flag(help: "Add derived quantities to each observation row.")
    var derived = false

    @Option(parsing: .unconditional, help: "Station elevation above sea level in metres (for sea_level_pressure).")
    var elevation: Double?

    @Option(parsing: .unconditional, help: "The sensor's height above ground in metres (added to the elevation).")
    var sensorHeight: Double = 0

    @Option(help: "The station's IANA time zone, such as America/Denver (adds local_date).")
    var timezone: String?

    func validate() throws {
        if !derived && (elevation != nil || timezone != nil) {
            throw ValidationError("--elevation and --timezone only apply with --derived")
        }
        if let elevation, !(-500...9000).contains(elevation) {
            throw ValidationError("--elevation must be between -500 and 9000 metres, not \(elevation)")
        }
        if !(0...100).contains(sensorHeight) {
            throw ValidationError("--sensor-height must be between 0 and 100 metres, not \(sensorHeight)")
        }
    }

    func run() throws {
        let reader: LineReader
        do {
            reader = try LineReader(path: file)
        } catch {
            throw ValidationError("\(error)")
        }
        var zone: TimeZoneRules?
        if let timezone {
            do {
                zone = try TimeZoneRules(identifier: timezone)
            } catch {
                throw ValidationError("--timezone: \(error)")
            }
        }
        let derivation = derived
            ? Derivation(site: elevation.map { .init(elevationMeters: $0, sensorHeightAboveGroundMeters: sensorHeight) }, zone: zone)
            : nil
        let decoder = DatagramDecoder()
        var lineNumber = 0
        while let line = reader.nextLine() {
            lineNumber += 1
            StandardOutput.line(DecodeCommand.output(for: line, lineNumber: lineNumber, decoder: decoder, derivation: derivation))
        }
    }

    /// What `--derived` adds to each row.
    struct Derivation {
        let site: DerivedObservation.Site?
        let zone: TimeZoneRules?

        func write(_ row: ObservationRow, into json: inout JSONWriter) {
            json.key("derived")
            json.beginObject()
            DerivedObservation(DerivedObservation.Inputs(row), site: site).writeJSONMembers(into: &json)
            if let zone {
                json.member("local_date", zone.localDate(at: row.timestamp.secondsSince1970).description)
            }
            json.endObject()
        }
    }

    /// The JSON object for one input line.
    static func output(for line: [UInt8], lineNumber: Int, decoder: DatagramDecoder, derivation: Derivation? = nil) -> String {
        let datagram: [UInt8]
        do {
            datagram = try FixtureLine.datagram(from: line)
        } catch {
            return failure(line: lineNumber, category: "invalid_hex_line", detail: error.description)
        }
        switch decoder.decode(datagram) {
        case .decoded(let message, let diagnostics):
            var json = JSONWriter()
            message.writeCanonicalJSON(
                into: &json,
                appendToRow: { row, json in derivation?.write(row, into: &json) },
                appendToMessage: { json in
                writeDiagnostics(diagnostics, into: &json)
            })
            return json.text
        case .ignored(let type):
            var json = JSONWriter()
            json.beginObject()
            json.member("line", Int64(lineNumber))
            json.member("error", "unknown_type")
            json.member("ignored", true)
            json.member("detail", "ignored: the type \"\(type)\" is not one of the eight documented message types")
            json.endObject()
            return json.text
        case .rejected(let error):
            return failure(line: lineNumber, category: error.category.description, detail: error.detail)
        }
    }

    private static func failure(line: Int, category: String, detail: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("line", Int64(line))
        json.member("error", category)
        json.member("detail", detail)
        json.endObject()
        return json.text
    }

    private static func writeDiagnostics(_ diagnostics: DecodeDiagnostics, into json: inout JSONWriter) {
        guard diagnostics != DecodeDiagnostics() else { return }
        json.key("diagnostics")
        json.beginObject()
        if diagnostics.hasUnexpectedSerialPrefix { json.member("unexpected_serial_prefix", true) }
        if !diagnostics.rangeViolations.isEmpty {
            json.key("range_violations")
            json.beginArray()
            for violation in diagnostics.rangeViolations {
                json.beginObject()
                json.member("field", violation.field)
                json.member("value", violation.value)
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
    }
}
