// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// Decodes Tempest hub datagrams into typed messages, following the
/// project's validation contract (protocol spec section 6) exactly.
///
/// The decoder owns a reusable token buffer, so decoding allocates nothing
/// beyond the message it returns. It is therefore not safe to share between
/// threads: give each listener or worker its own decoder.
///
/// ```swift
/// let decoder = DatagramDecoder()
/// switch decoder.decode(datagramBytes) {
/// case .decoded(let message, let diagnostics): ...
/// case .ignored(let unknownType): ...
/// case .rejected(let error): print(error.category, error.detail)
/// }
/// ```
public final class DatagramDecoder {
    /// Datagrams larger than this are rejected (`too_large`) so that
    /// truncation or abuse is detected rather than silently decoded.
    public static let maximumDatagramBytes = 8192
    /// Arrays and objects may nest at most this deep.
    public static let maximumNestingDepth = 32

    // Every token consumes at least one input byte, so this many always fit.
    private static let tapeCapacity = maximumDatagramBytes + 1
    private let tape: UnsafeMutablePointer<JSONToken>
    private let serialCache = SerialNumberCache()
    private let topLevelValues: UnsafeMutablePointer<Int32>

    /// Creates a decoder with its own token buffer.
    public init() {
        tape = .allocate(capacity: DatagramDecoder.tapeCapacity)
        topLevelValues = .allocate(capacity: TopLevelKey.allCases.count)
    }

    deinit {
        tape.deallocate()
        topLevelValues.deallocate()
    }

    /// Decodes one datagram payload.
    public func decode(_ datagram: UnsafeRawBufferPointer) -> DecodeResult {
        guard let base = datagram.baseAddress, datagram.count > 0 else {
            return .rejected(DecodeError(.emptyDatagram, "the datagram has no bytes"))
        }
        guard datagram.count <= DatagramDecoder.maximumDatagramBytes else {
            return .rejected(
                DecodeError(
                    .tooLarge,
                    "the datagram has \(datagram.count) bytes; at most \(DatagramDecoder.maximumDatagramBytes) are accepted"
                )
            )
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var scanner = JSONScanner(
            bytes: bytes,
            count: datagram.count,
            tape: tape,
            tapeCapacity: DatagramDecoder.tapeCapacity,
            maximumDepth: DatagramDecoder.maximumNestingDepth
        )
        let json: JSONTape
        do {
            json = try scanner.scan()
        } catch {
            return .rejected(DatagramDecoder.decodeError(for: error, bytes: bytes, count: datagram.count))
        }
        let keys = TopLevelKeyTable(json: json, valueIndices: topLevelValues)
        var reader = MessageReader(json: json, keys: keys, serialCache: serialCache)
        do {
            return try reader.readMessage()
        } catch {
            return .rejected(error)
        }
    }

    /// Decodes one datagram payload.
    public func decode(_ datagram: [UInt8]) -> DecodeResult {
        datagram.withUnsafeBytes { decode($0) }
    }

    /// Decodes a datagram given as text (its UTF-8 bytes).
    public func decode(_ datagram: String) -> DecodeResult {
        var datagram = datagram
        return datagram.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
    }

    private static func decodeError(for error: JSONParseError, bytes: UnsafePointer<UInt8>, count: Int) -> DecodeError {
        switch error.code {
        case .syntax:
            let isBlank = UnsafeBufferPointer(start: bytes, count: count).allSatisfy {
                $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D
            }
            if isBlank {
                return DecodeError(.emptyDatagram, "the datagram holds only white space")
            }
            return DecodeError(.invalidJSON, "not valid JSON at byte \(error.offset): \(error.reason)")
        case .invalidUTF8:
            return DecodeError(.invalidUTF8, "a string holds bytes that are not valid UTF-8 at byte \(error.offset)")
        case .tooDeep:
            return DecodeError(.tooDeep, "arrays and objects nest deeper than \(maximumNestingDepth) levels")
        case .nonFiniteNumber:
            return DecodeError(.nonFiniteNumber, "the number at byte \(error.offset) does not fit a double")
        default:
            // Too many values; the scanner never reports a text as too large.
            return DecodeError(.tooLarge, "the datagram holds more JSON values than the decoder accepts")
        }
    }
}
