// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Reads an APRS "complete weather report" with position and timestamp
/// (APRS Protocol Reference 1.0.1, ch. 12) back into numbers, for tests to
/// check what a CWOP upload sent:
/// `CALL>AP…,TCPIP*:@DDHHMMz DDMM.hhN/DDDMM.hhW_ccc/sss g… t… r… p… P… h… b… L…/l… comment`
/// (without the spaces). A field of dots is unknown (nil); a missing
/// optional field is nil too; `g` and `t` are mandatory.
public enum APRSWeatherReportParser {
    /// A report, in APRS units.
    public struct Report: Sendable, Equatable {
        /// The sender.
        public var source: String
        /// The destination (`APRS`, `APWEE5` …).
        public var destination: String
        /// The path after the destination (`TCPIP*`).
        public var path: String
        /// Day of the month, hour and minute (UTC) of the timestamp.
        public var day: Int, hour: Int, minute: Int
        /// Degrees north (negative: south), to a hundredth of a minute.
        public var latitudeDegrees: Double
        /// Degrees east (negative: west), to a hundredth of a minute.
        public var longitudeDegrees: Double
        /// The position as written (`DDMM.hhN/DDDMM.hhW`).
        public var positionText: String
        /// Wind direction, degrees.
        public var windDirectionDegrees: Int?
        /// Sustained wind, mph.
        public var windSpeedMilesPerHour: Int?
        /// Gust, mph.
        public var windGustMilesPerHour: Int?
        /// Temperature, °F.
        public var temperatureFahrenheit: Int?
        /// Rain in the last hour, hundredths of an inch.
        public var rainLastHourHundredthsOfInch: Int?
        /// Rain in the last 24 hours, hundredths of an inch.
        public var rainLast24HoursHundredthsOfInch: Int?
        /// Rain since midnight, hundredths of an inch.
        public var rainSinceMidnightHundredthsOfInch: Int?
        /// Relative humidity, % (`00` read as 100).
        public var humidityPercent: Int?
        /// Barometric pressure, tenths of hPa.
        public var pressureTenthsOfHectopascal: Int?
        /// Luminosity, W/m² (`l` read as 1000 more).
        public var luminosityWattsPerSquareMeter: Int?
        /// What follows the weather fields (software tag, comment).
        public var comment: String
    }

    /// The fields after the wind and their widths.
    static let fieldWidths: [Character: Int] = ["g": 3, "t": 3, "r": 3, "p": 3, "P": 3, "h": 2, "b": 5, "L": 3, "l": 3, "s": 3, "#": 3]

    /// Parses `line` (a trailing `\r\n` is allowed).
    /// - Throws: `TestKitError` naming the first thing that is not as the
    ///   format says.
    public static func parse(_ line: String) throws -> Report {
        var text = Substring(line)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        guard let colon = text.firstIndex(of: ":"), let arrow = text[..<colon].firstIndex(of: ">") else {
            throw TestKitError("no SOURCE>DESTINATION,PATH: header in \(line)")
        }
        let source = String(text[..<arrow])
        let route = text[text.index(after: arrow)..<colon].split(separator: ",", maxSplits: 1)
        guard !source.isEmpty, source.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "-") }) else {
            throw TestKitError("bad source \"\(source)\"")
        }
        guard route.count == 2, route[0].hasPrefix("AP") else { throw TestKitError("bad destination or path in \(line)") }
        var rest = Array(text[text.index(after: colon)...])
        func take(_ count: Int, _ what: String) throws -> String {
            guard rest.count >= count else { throw TestKitError("\(what) cut short in \(line)") }
            defer { rest.removeFirst(count) }
            return String(rest[..<count])
        }
        guard try take(1, "type") == "@" else { throw TestKitError("not a position report with timestamp (@) in \(line)") }
        let stamp = try take(7, "timestamp")
        guard stamp.last == "z", let day = Int(stamp.prefix(2)), let hour = Int(stamp.dropFirst(2).prefix(2)),
            let minute = Int(stamp.dropFirst(4).prefix(2)), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute)
        else { throw TestKitError("bad timestamp \(stamp)") }
        let latitudeText = try take(8, "latitude")
        guard try take(1, "symbol table") == "/" else { throw TestKitError("no / symbol table in \(line)") }
        let longitudeText = try take(9, "longitude")
        guard try take(1, "symbol") == "_" else { throw TestKitError("no _ weather symbol in \(line)") }
        let latitude = try angle(latitudeText, degreeDigits: 2, positive: "N", negative: "S")
        let longitude = try angle(longitudeText, degreeDigits: 3, positive: "E", negative: "W")

        var report = Report(
            source: source, destination: String(route[0]), path: String(route[1]), day: day, hour: hour, minute: minute,
            latitudeDegrees: latitude, longitudeDegrees: longitude, positionText: latitudeText + "/" + longitudeText, comment: "")
        report.windDirectionDegrees = try value(take(3, "wind direction"), "c")
        guard try take(1, "wind separator") == "/" else { throw TestKitError("no / between wind direction and speed in \(line)") }
        report.windSpeedMilesPerHour = try value(take(3, "wind speed"), "s")

        var seen: Set<Character> = []
        while let letter = rest.first, let width = fieldWidths[letter] {
            guard !seen.contains(letter) else { throw TestKitError("field \(letter) twice in \(line)") }
            seen.insert(letter)
            rest.removeFirst()
            let field = try take(width, "field \(letter)")
            let number = try value(field, letter)
            switch letter {
            case "g": report.windGustMilesPerHour = number
            case "t": report.temperatureFahrenheit = number
            case "r": report.rainLastHourHundredthsOfInch = number
            case "p": report.rainLast24HoursHundredthsOfInch = number
            case "P": report.rainSinceMidnightHundredthsOfInch = number
            case "h": report.humidityPercent = number.map { $0 == 0 ? 100 : $0 }
            case "b": report.pressureTenthsOfHectopascal = number
            case "L": report.luminosityWattsPerSquareMeter = number
            case "l": report.luminosityWattsPerSquareMeter = number.map { $0 + 1_000 }
            default: break
            }
        }
        guard seen.contains("g"), seen.contains("t") else { throw TestKitError("the mandatory g or t field is missing in \(line)") }
        guard !(seen.contains("L") && seen.contains("l")) else { throw TestKitError("both L and l in \(line)") }
        report.comment = String(rest)
        return report
    }

    /// A field's number; nil for all dots. Only `t` may be negative
    /// (`-05`).
    static func value(_ field: String, _ letter: Character) throws -> Int? {
        if field.allSatisfy({ $0 == "." }) { return nil }
        let digits = letter == "t" && field.hasPrefix("-") ? field.dropFirst() : Substring(field)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
            throw TestKitError("field \(letter) is \"\(field)\", neither digits nor dots")
        }
        return digits.count < field.count ? -number : number
    }

    /// `DDMM.hhN` or `DDDMM.hhW` as signed degrees.
    static func angle(_ text: String, degreeDigits: Int, positive: Character, negative: Character) throws -> Double {
        let characters = Array(text)
        let hemisphere = characters.last!
        let dot = degreeDigits + 2
        guard characters[dot] == ".", hemisphere == positive || hemisphere == negative,
            characters.enumerated().allSatisfy({ $0.offset == dot || $0.offset == characters.count - 1 || ($0.element.isASCII && $0.element.isNumber) }),
            let degrees = Int(String(characters[..<degreeDigits])), let minutes = Int(String(characters[degreeDigits..<dot])),
            let hundredths = Int(String(characters[(dot + 1)..<(characters.count - 1)])), minutes < 60
        else { throw TestKitError("bad position \(text) (leading zeros and two decimals are required)") }
        let value = Double(degrees) + (Double(minutes) + Double(hundredths) / 100) / 60
        return hemisphere == negative ? -value : value
    }
}
