// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Remembers the last few serial numbers the decoder built. A LAN carries
/// a handful of serials, repeated in every datagram; reusing the value skips
/// building and re-validating a `String` twice per datagram.
///
/// Fixed raw storage (no arrays) keeps the lookup free of reference
/// counting and exclusivity checks on the decoder's hot path.
final class SerialNumberCache {
    private static let slotCount = 8
    private static let slotBytes = SerialNumber.maximumLength
    private let bytes: UnsafeMutablePointer<UInt8>
    private let lengths: UnsafeMutablePointer<Int>
    private let serials: UnsafeMutablePointer<SerialNumber?>
    private let nextReplacement: UnsafeMutablePointer<Int>

    /// Compares `count` bytes eight at a time (serials are about 11 bytes).
    @inline(__always)
    private static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < count {
            if lhs.load(fromByteOffset: offset, as: UInt8.self) != rhs.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    init() {
        bytes = .allocate(capacity: SerialNumberCache.slotCount * SerialNumberCache.slotBytes)
        lengths = .allocate(capacity: SerialNumberCache.slotCount)
        lengths.initialize(repeating: -1, count: SerialNumberCache.slotCount)
        serials = .allocate(capacity: SerialNumberCache.slotCount)
        serials.initialize(repeating: nil, count: SerialNumberCache.slotCount)
        nextReplacement = .allocate(capacity: 1)
        nextReplacement.initialize(to: 0)
    }

    deinit {
        bytes.deallocate()
        lengths.deallocate()
        serials.deinitialize(count: SerialNumberCache.slotCount)
        serials.deallocate()
        nextReplacement.deallocate()
    }

    /// The cached serial whose bytes equal `candidate`, if any. Only
    /// validated serials are cached, so a hit needs no validation.
    @inline(__always)
    func cachedSerialNumber(for candidate: UnsafeBufferPointer<UInt8>) -> SerialNumber? {
        let count = candidate.count
        guard count > 0 else { return nil }
        let source = UnsafeRawPointer(candidate.baseAddress!)
        for slot in 0..<SerialNumberCache.slotCount where lengths[slot] == count {
            if SerialNumberCache.equal(UnsafeRawPointer(bytes + slot * SerialNumberCache.slotBytes), source, count: count),
                let serial = serials[slot]
            {
                return serial
            }
        }
        return nil
    }

    /// The serial for `candidate` (1 to 32 validated bytes), cached.
    func serialNumber(for candidate: UnsafeBufferPointer<UInt8>) -> SerialNumber {
        if let cached = cachedSerialNumber(for: candidate) { return cached }
        let count = candidate.count
        let serial = SerialNumber(validatedBytes: candidate)
        let slot = nextReplacement.pointee
        nextReplacement.pointee = (slot + 1) % SerialNumberCache.slotCount
        (bytes + slot * SerialNumberCache.slotBytes).update(from: candidate.baseAddress!, count: count)
        lengths[slot] = count
        serials[slot] = serial
        return serial
    }
}
