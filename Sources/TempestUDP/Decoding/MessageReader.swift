// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// Reads a scanned datagram into a `TempestMessage`: the envelope checks
/// shared by every type, then the type's own layout (in the
/// `MessageReader+…` extensions). Throws the first contract violation.
struct MessageReader {
    let json: JSONTape
    /// Where the known top-level keys' values are on the tape.
    let keys: TopLevelKeyTable
    let serialCache: SerialNumberCache
    var diagnostics = DecodeDiagnostics()

    init(json: JSONTape, keys: TopLevelKeyTable, serialCache: SerialNumberCache) {
        self.json = json
        self.keys = keys
        self.serialCache = serialCache
    }

    mutating func readMessage() throws(DecodeError) -> DecodeResult {
        guard json[0].kind == .object else {
            throw DecodeError(.notAnObject, "the top level must be a JSON object, not \(MessageReader.describe(json[0].kind))")
        }
        guard keys[.type] >= 0 else { throw DecodeError(.missingField, "the key \"type\" is missing") }
        guard json[keys[.type]].kind == .string else {
            throw DecodeError(.wrongType, "\"type\" must be a string, not \(MessageReader.describe(json[keys[.type]].kind))")
        }
        let serialNumber = try readSerialNumber(at: keys[.serialNumber], key: "serial_number", required: true)!
        guard let messageType = readMessageType() else {
            return .ignored(unknownType: json.decodedString(at: keys[.type]))
        }
        let envelope = MessageEnvelope(
            serialNumber: serialNumber,
            hubSerialNumber: try readSerialNumber(at: keys[.hubSerialNumber], key: "hub_sn", required: false),
            firmwareRevision: readFirmwareRevision()
        )
        if let family = serialNumber.family, messageType.expectedFamilies.contains(family) {
            diagnostics.hasUnexpectedSerialPrefix = false
        } else {
            diagnostics.hasUnexpectedSerialPrefix = true
        }

        let message: TempestMessage
        switch messageType {
        case .precipitationEvent: message = .rainStart(try readRainStart(envelope))
        case .lightningStrikeEvent: message = .lightningStrike(try readLightningStrike(envelope))
        case .rapidWind: message = .rapidWind(try readRapidWind(envelope))
        case .airObservation: message = .airObservation(try readAirObservation(envelope))
        case .skyObservation: message = .skyObservation(try readSkyObservation(envelope))
        case .tempestObservation: message = .tempestObservation(try readTempestObservation(envelope))
        case .deviceStatus: message = .deviceStatus(try readDeviceStatus(envelope))
        case .hubStatus: message = .hubStatus(try readHubStatus(envelope))
        }
        return .decoded(message, diagnostics)
    }

    // MARK: - Envelope

    private func readMessageType() -> MessageType? {
        let index = keys[.type]
        if json[index].hasEscapes {
            return MessageType(rawValue: json.decodedString(at: index))
        }
        switch json[index].length {
        case 6:
            return json.string(at: index, equals: "obs_st") ? .tempestObservation : nil
        case 7:
            if json.string(at: index, equals: "obs_air") { return .airObservation }
            if json.string(at: index, equals: "obs_sky") { return .skyObservation }
            return nil
        case 10:
            if json.string(at: index, equals: "rapid_wind") { return .rapidWind }
            if json.string(at: index, equals: "evt_precip") { return .precipitationEvent }
            if json.string(at: index, equals: "evt_strike") { return .lightningStrikeEvent }
            if json.string(at: index, equals: "hub_status") { return .hubStatus }
            return nil
        case 13:
            return json.string(at: index, equals: "device_status") ? .deviceStatus : nil
        default:
            return nil
        }
    }

    /// Reads and validates a serial at `index` (nil when the key is absent
    /// and optional; a `null` hub_sn counts as absent).
    @inline(__always)
    private func readSerialNumber(at index: Int, key: StaticString, required: Bool) throws(DecodeError) -> SerialNumber? {
        guard index >= 0 else {
            if required { throw DecodeError(.missingField, "the key \"\(key)\" is missing") }
            return nil
        }
        let token = json[index]
        if token.kind == .null && !required { return nil }
        guard token.kind == .string else {
            throw DecodeError(.wrongType, "\"\(key)\" must be a string, not \(MessageReader.describe(token.kind))")
        }
        if !token.hasEscapes {
            let raw = json.rawBytes(ofStringAt: index)
            if let cached = serialCache.cachedSerialNumber(for: raw) { return cached }
            guard !raw.isEmpty else { throw DecodeError(.invalidSerialNumber, "\"\(key)\" is empty") }
            guard raw.count <= SerialNumber.maximumLength else {
                throw DecodeError(
                    .invalidSerialNumber,
                    "\"\(key)\" has \(raw.count) bytes; at most \(SerialNumber.maximumLength) are accepted"
                )
            }
            guard raw.allSatisfy(SerialNumber.isAllowed) else {
                throw DecodeError(
                    .invalidSerialNumber,
                    "\"\(key)\" may hold only ASCII letters, digits and '-'"
                )
            }
            return serialCache.serialNumber(for: raw)
        }
        guard let serial = SerialNumber(json.decodedString(at: index)) else {
            throw DecodeError(
                .invalidSerialNumber,
                "\"\(key)\" must be 1 to \(SerialNumber.maximumLength) ASCII letters, digits or '-'"
            )
        }
        return serial
    }

    /// Devices send an integer, the hub a string; anything else is treated
    /// as absent rather than rejecting otherwise good data.
    private func readFirmwareRevision() -> FirmwareRevision? {
        guard keys[.firmwareRevision] >= 0 else { return nil }
        let token = json[keys[.firmwareRevision]]
        switch token.kind {
        case .number:
            guard let integer = MessageReader.exactInteger(token.number) else { return nil }
            return .number(integer)
        case .string:
            return .text(json.decodedString(at: keys[.firmwareRevision]))
        default:
            return nil
        }
    }

    // MARK: - Helpers shared by the layouts

    /// The integer value of `number` when it is integral and fits an Int64
    /// exactly; REST sends integers as `3.0`, which is accepted.
    @inline(__always)
    static func exactInteger(_ number: Double) -> Int64? {
        guard number == number.rounded(.towardZero), abs(number) < 9.007_199_254_740_992e15 else { return nil }
        return Int64(number)
    }

    static func describe(_ kind: JSONToken.Kind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }
}
