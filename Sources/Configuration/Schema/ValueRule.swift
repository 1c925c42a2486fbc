// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// What values a configuration key accepts, and how to say so.
public enum ValueRule: Sendable {
    /// Text checked by a ``TextRule``.
    case text(TextRule)
    /// A whole number in the range.
    case integer(ClosedRange<Int64>)
    /// 0 (off), or a whole number in the range: for a setting that a
    /// library takes as "none" at 0 and refuses below a minimum otherwise,
    /// such as MQTT's keepalive.
    case integerOrOff(ClosedRange<Int64>)
    /// A decimal number in the range (whole numbers are accepted too).
    case decimal(ClosedRange<Double>)
    /// `true` or `false`.
    case boolean
    /// One of a fixed list of words.
    case choice([String])
    /// An array of texts, each checked by the ``TextRule`` (may be empty).
    case textList(TextRule)
    /// An array of distinct numeric IPv4 `ADDRESS:PORT` texts
    /// (``IPv4Endpoint``), at most `maximumCount` of them (may be empty).
    case endpointList(maximumCount: Int)

    /// Kinds of text.
    public enum TextRule: Sendable {
        /// Any text that is not empty.
        case nonEmpty
        /// A host name or address: not empty, no spaces.
        case host
        /// A file path: not empty.
        case path
        /// An `http://` or `https://` URL.
        case url
        /// A `ws://` or `wss://` URL.
        case webSocketURL
        /// A dotted-quad IPv4 address.
        case ipv4Address
        /// An MQTT topic prefix: not empty, no `+` or `#`, no trailing `/`.
        case topicPrefix
        /// An IANA time zone name such as `Europe/Berlin`.
        case timeZone
        /// Lower-case letters, digits and `_`, up to 64 (an id inside topics
        /// and Home Assistant identifiers).
        case identifier
        /// A release `YEAR.MONTH`, such as `2025.4`.
        case releaseVersion
        /// A `host:port` pair, such as `cwop.aprs.net:14580`.
        case hostPort
    }

    /// What is allowed, in words ("1 to 65535", "true or false").
    public var allowed: String {
        switch self {
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .integerOrOff(let range): "0 (off), or a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .decimal(let range):
            "a number from \(ValueRule.plain(range.lowerBound)) to \(ValueRule.plain(range.upperBound))"
        case .boolean: "true or false"
        case .choice(let words): "one of " + words.map { "\"\($0)\"" }.joined(separator: ", ")
        case .textList: "an array of names in quotes, such as [\"feels_like\", \"ST-00012345/uptime\"]"
        case .endpointList(let maximumCount):
            "an array of up to \(maximumCount) different IPv4 ADDRESS:PORT in quotes, such as [\"192.168.20.5:50222\"]"
        case .text(let rule):
            switch rule {
            case .nonEmpty: "text in quotes, not empty"
            case .host: "a host name or address in quotes, such as \"broker.lan\""
            case .path: "a file path in quotes, not empty"
            case .url: "an http:// or https:// URL in quotes"
            case .webSocketURL: "a wss:// (or ws://) URL in quotes"
            case .ipv4Address: "an IPv4 address in quotes, such as \"0.0.0.0\" or \"192.168.1.10\""
            case .topicPrefix: "a topic prefix in quotes without +, # or a trailing /"
            case .timeZone: "an IANA time zone name in quotes, such as \"Europe/Berlin\""
            case .identifier: "lower-case letters, digits and _ in quotes, such as \"garden\""
            case .releaseVersion: "a release in quotes, such as \"2025.4\""
            case .hostPort: "a host and port in quotes, such as \"cwop.aprs.net:14580\""
            }
        }
    }

    /// `value` if it is allowed (whole numbers become decimals for decimal
    /// keys), or what is wrong with it.
    public func check(_ value: TOMLValue) -> Result<TOMLValue, RuleViolation> {
        switch self {
        case .integer(let range):
            guard case .integer(let number) = value else { return .failure(.init("\(value.tomlText) is not a whole number")) }
            return range.contains(number) ? .success(value) : .failure(.init("\(number) is out of range"))
        case .integerOrOff(let range):
            guard case .integer(let number) = value else { return .failure(.init("\(value.tomlText) is not a whole number")) }
            return number == 0 || range.contains(number) ? .success(value) : .failure(.init("\(number) is out of range"))
        case .decimal(let range):
            let number: Double
            switch value {
            case .integer(let whole): number = Double(whole)
            case .float(let decimal): number = decimal
            default: return .failure(.init("\(value.tomlText) is not a number"))
            }
            guard number.isFinite, range.contains(number) else {
                return .failure(.init("\(ValueRule.plain(number)) is out of range"))
            }
            return .success(.float(number))
        case .boolean:
            guard case .boolean = value else { return .failure(.init("\(value.tomlText) is not true or false")) }
            return .success(value)
        case .choice(let words):
            let word: String
            switch value {
            case .string(let text): word = text
            case .integer, .float: word = value.tomlText
            default: return .failure(.init("\(value.tomlText) is not one of the choices"))
            }
            return words.contains(word) ? .success(.string(word)) : .failure(.init("\(value.tomlText) is not one of the choices"))
        case .text(let rule):
            guard case .string(let text) = value else { return .failure(.init("\(value.tomlText) is not text in quotes")) }
            return ValueRule.isAllowed(text, rule) ? .success(value) : .failure(.init("\(value.tomlText) is not allowed here"))
        case .textList(let rule):
            guard case .array(let elements) = value else { return .failure(.init("\(value.tomlText) is not an array")) }
            for element in elements {
                guard case .string(let text) = element, ValueRule.isAllowed(text, rule) else {
                    return .failure(.init("\(element.tomlText) in the array is not allowed here"))
                }
            }
            return .success(value)
        case .endpointList(let maximumCount):
            return ValueRule.checkEndpoints(value, maximumCount: maximumCount)
        }
    }

    /// `value` if it is an array of at most `maximumCount` different
    /// `ADDRESS:PORT` texts, or what is wrong with the first bad one.
    private static func checkEndpoints(_ value: TOMLValue, maximumCount: Int) -> Result<TOMLValue, RuleViolation> {
        guard case .array(let elements) = value else { return .failure(.init("\(value.tomlText) is not an array")) }
        var seen = Set<IPv4Endpoint>()
        for element in elements {
            guard case .string(let text) = element else { return .failure(.init("\(element.tomlText) in the array is not text in quotes")) }
            do {
                let endpoint = try IPv4Endpoint(parsing: text)
                guard seen.insert(endpoint).inserted else { return .failure(.init("\(element.tomlText) is given twice")) }
            } catch {
                return .failure(.init("\(element.tomlText): \(error.problem)"))
            }
        }
        guard elements.count <= maximumCount else {
            return .failure(.init("\(elements.count) targets are more than \(maximumCount)"))
        }
        return .success(value)
    }

    /// The value that `text` stands for, as written in an environment
    /// variable or on the command line (no quotes needed): numbers and
    /// booleans are read as such for keys that want them; anything else
    /// stays text, so that ``check(_:)`` can say what is wrong with it.
    public func value(fromText text: String) -> TOMLValue {
        switch self {
        case .integer, .integerOrOff:
            if let number = Int64(text) { return .integer(number) }
        case .decimal:
            if let number = Int64(text) { return .integer(number) }
            if let number = Double(text), number.isFinite { return .float(number) }
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .boolean(true)
            case "false", "no", "off", "0": return .boolean(false)
            default: break
            }
        case .textList, .endpointList:
            // An environment variable lists names separated by commas.
            let names = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            return .array(names.map { .string($0) })
        case .choice, .text:
            break
        }
        return .string(text)
    }

    private static func isAllowed(_ text: String, _ rule: TextRule) -> Bool {
        if text.isEmpty || text.unicodeScalars.contains(where: { $0.value < 0x20 }) { return false }
        switch rule {
        case .nonEmpty, .path:
            return true
        case .host:
            return !text.contains(" ")
        case .url:
            for scheme in ["http://", "https://"] where text.hasPrefix(scheme) {
                return text.count > scheme.count && !text.contains(" ")
            }
            return false
        case .webSocketURL:
            for scheme in ["ws://", "wss://"] where text.hasPrefix(scheme) {
                return text.count > scheme.count && !text.contains(" ")
            }
            return false
        case .ipv4Address:
            var address = in_addr()
            return inet_pton(AF_INET, text, &address) == 1
        case .topicPrefix:
            return !text.contains("+") && !text.contains("#") && !text.hasSuffix("/")
        case .timeZone:
            return !text.contains(" ") && !text.contains("..") && !text.hasPrefix("/")
        case .identifier:
            return text.count <= 64 && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        case .hostPort:
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]) else { return false }
            return colon > text.startIndex && (1...65_535).contains(port) && !text.contains(" ")
        case .releaseVersion:
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return (2...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
                && Int(parts[1]).map { (1...12).contains($0) } == true && Int(parts[0]).map { $0 >= 2020 } == true
        }
    }

    /// A number without a needless ".0".
    static func plain(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

/// What is wrong with a value, in words ("70000 is out of range").
public struct RuleViolation: Error, Sendable, Equatable {
    /// The words.
    public let problem: String

    /// Creates a violation.
    public init(_ problem: String) {
        self.problem = problem
    }
}
