import ArgumentParser
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

            The exit status is 0 when every line was handled, whatever it held.

            Examples:
              tempest-gateway decode captured.jsonl
              echo '{"serial_number":"ST-00000512","type":"rapid_wind","ob":[1588948614,0.18,144]}' | tempest-gateway decode
            """
    )

    @Argument(help: "The file to read, or - for standard input (the default).")
    var file: String?

    func run() throws {
        let reader: LineReader
        do {
            reader = try LineReader(path: file)
        } catch {
            throw ValidationError("\(error)")
        }
        let decoder = DatagramDecoder()
        var lineNumber = 0
        while let line = reader.nextLine() {
            lineNumber += 1
            StandardOutput.line(DecodeCommand.output(for: line, lineNumber: lineNumber, decoder: decoder))
        }
    }

    /// The JSON object for one input line.
    static func output(for line: [UInt8], lineNumber: Int, decoder: DatagramDecoder) -> String {
        let datagram: [UInt8]
        do {
            datagram = try FixtureLine.datagram(from: line)
        } catch {
            return failure(line: lineNumber, category: "invalid_hex_line", detail: error.description)
        }
        switch decoder.decode(datagram) {
        case .decoded(let message, let diagnostics):
            var json = JSONWriter()
            message.writeCanonicalJSON(into: &json, appendToMessage: { json in
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
