// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Reading TZif files (RFC 8536).
extension TimeZoneRules {
    /// TZif files are small (a few KiB); anything larger is not one.
    static let maximumFileBytes = 1 << 20

    static func readFile(path: String, identifier: String, directory: String) throws(TimeZoneError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .unknownZone(identifier, directory: directory) }
            throw .unreadable(identifier, path: path, reason: SystemError.current.message)
        }
        defer { close(descriptor) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(identifier, path: path, reason: SystemError.current.message)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
            guard bytes.count <= maximumFileBytes else { throw .malformed(identifier, reason: "larger than 1 MiB") }
        }
        return bytes
    }

    /// Parses a TZif file's bytes: the 64-bit data block of version 2+ and its
    /// POSIX footer (a version-1 file's 32-bit block is used as it is).
    static func parse(_ bytes: [UInt8], identifier: String) throws(TimeZoneError) -> TimeZoneRules {
        var reader = ByteReader(bytes: bytes)
        guard let header = reader.header() else { throw .malformed(identifier, reason: "no TZif header") }
        var block = header
        var timeSize = 4
        if header.version >= 2 {
            // Skip the version-1 block; the second header describes 64-bit data.
            guard reader.skip(header.dataLength(timeSize: 4)), let second = reader.header() else {
                throw .malformed(identifier, reason: "truncated version 1 data")
            }
            block = second
            timeSize = 8
        }
        var times = [Int64]()
        times.reserveCapacity(block.timeCount)
        for _ in 0..<block.timeCount {
            guard let time = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else {
                throw .malformed(identifier, reason: "truncated transition times")
            }
            times.append(time)
        }
        var typeIndices = [Int]()
        for _ in 0..<block.timeCount {
            guard let index = reader.byte() else { throw .malformed(identifier, reason: "truncated transition types") }
            typeIndices.append(Int(index))
        }
        var typeOffsets = [Int64]()
        for _ in 0..<block.typeCount {
            guard let offset = reader.int32(), reader.skip(2) else {
                throw .malformed(identifier, reason: "truncated local time types")
            }
            typeOffsets.append(Int64(offset))
        }
        guard !typeOffsets.isEmpty, typeIndices.allSatisfy({ $0 < typeOffsets.count }) else {
            throw .malformed(identifier, reason: "a transition names a local time type that does not exist")
        }
        guard reader.skip(block.characterCount + block.leapCount * (timeSize + 4) + block.standardCount + block.utcCount)
        else { throw .malformed(identifier, reason: "truncated data block") }

        var footer: POSIXTimeZoneRule?
        if header.version >= 2, let text = reader.footer(), !text.isEmpty {
            footer = POSIXTimeZoneRule(text)
        }
        return TimeZoneRules(
            identifier: identifier,
            transitionTimes: times,
            transitionOffsets: typeIndices.map { typeOffsets[$0] },
            initialOffset: typeOffsets[0],
            footer: footer
        )
    }

    /// A cursor over big-endian TZif data.
    struct ByteReader {
        struct Header {
            var version: Int
            var utcCount: Int
            var standardCount: Int
            var leapCount: Int
            var timeCount: Int
            var typeCount: Int
            var characterCount: Int

            func dataLength(timeSize: Int) -> Int {
                timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                    + standardCount + utcCount
            }
        }

        let bytes: [UInt8]
        var index = 0

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, index + count <= bytes.count else { return false }
            index += count
            return true
        }

        mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func int32() -> Int32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 { value = value << 8 | UInt32(bytes[index + offset]) }
            index += 4
            return Int32(bitPattern: value)
        }

        mutating func int64() -> Int64? {
            guard index + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for offset in 0..<8 { value = value << 8 | UInt64(bytes[index + offset]) }
            index += 8
            return Int64(bitPattern: value)
        }

        mutating func header() -> Header? {
            guard index + 44 <= bytes.count, Array(bytes[index..<(index + 4)]) == Array("TZif".utf8) else { return nil }
            let versionByte = bytes[index + 4]
            let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
            guard version >= 1 && version <= 9 else { return nil }
            index += 20
            var counts = [Int]()
            for _ in 0..<6 {
                guard let count = int32(), count >= 0, count < 1_000_000 else { return nil }
                counts.append(Int(count))
            }
            return Header(
                version: version, utcCount: counts[0], standardCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        }

        /// The newline-enclosed POSIX TZ string after the version 2+ data.
        mutating func footer() -> String? {
            guard index < bytes.count, bytes[index] == 0x0A else { return nil }
            guard let end = bytes[(index + 1)...].firstIndex(of: 0x0A) else { return nil }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }
    }
}
