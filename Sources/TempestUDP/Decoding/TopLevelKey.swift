// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// The top-level keys the decoder reads. `TopLevelKeyTable` finds them once
/// among the root object's members, so the layouts look each value up by
/// key without comparing names again.
enum TopLevelKey: Int, CaseIterable {
    case type, serialNumber, hubSerialNumber, firmwareRevision
    case obs, ob, evt
    case timestamp, uptime, voltage, rssi, hubRSSI, sensorStatus, debug
    case resetFlags, seq, fs, radioStats, mqttStats

    /// The key as it appears on the wire.
    var wireName: StaticString {
        switch self {
        case .type: "type"
        case .serialNumber: "serial_number"
        case .hubSerialNumber: "hub_sn"
        case .firmwareRevision: "firmware_revision"
        case .obs: "obs"
        case .ob: "ob"
        case .evt: "evt"
        case .timestamp: "timestamp"
        case .uptime: "uptime"
        case .voltage: "voltage"
        case .rssi: "rssi"
        case .hubRSSI: "hub_rssi"
        case .sensorStatus: "sensor_status"
        case .debug: "debug"
        case .resetFlags: "reset_flags"
        case .seq: "seq"
        case .fs: "fs"
        case .radioStats: "radio_stats"
        case .mqttStats: "mqtt_stats"
        }
    }

    /// Recognises an unescaped key by its raw bytes: by length, then by
    /// the key packed into little-endian 64-bit words (zero-padded), so each
    /// candidate costs one to three integer compares. The constants are the
    /// wire names' bytes; `TopLevelKeyTests` checks every one against `wireName`.
    @inline(__always)
    static func match(_ bytes: UnsafePointer<UInt8>, count: Int) -> TopLevelKey? {
        guard count >= 2 && count <= 17 else { return nil }
        var packed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &packed) { $0.baseAddress!.copyMemory(from: bytes, byteCount: count) }
        let w0 = UInt64(littleEndian: packed.0)
        let w1 = UInt64(littleEndian: packed.1)
        let w2 = UInt64(littleEndian: packed.2)
        switch count {
        case 2:
            if w0 == 0x000000000000626F { return .ob }  // ob
            if w0 == 0x0000000000007366 { return .fs }  // fs
            return nil
        case 3:
            if w0 == 0x000000000073626F { return .obs }  // obs
            if w0 == 0x0000000000747665 { return .evt }  // evt
            if w0 == 0x0000000000716573 { return .seq }  // seq
            return nil
        case 4:
            if w0 == 0x0000000065707974 { return .type }  // type
            if w0 == 0x0000000069737372 { return .rssi }  // rssi
            return nil
        case 5:
            if w0 == 0x0000006775626564 { return .debug }  // debug
            return nil
        case 6:
            if w0 == 0x00006E735F627568 { return .hubSerialNumber }  // hub_sn
            if w0 == 0x0000656D69747075 { return .uptime }  // uptime
            return nil
        case 7:
            if w0 == 0x00656761746C6F76 { return .voltage }  // voltage
            return nil
        case 8:
            if w0 == 0x697373725F627568 { return .hubRSSI }  // hub_rssi
            return nil
        case 9:
            if w0 == 0x6D617473656D6974 && w1 == 0x0000000000000070 { return .timestamp }  // timestamp
            return nil
        case 10:
            if w0 == 0x6174735F7474716D && w1 == 0x0000000000007374 { return .mqttStats }  // mqtt_stats
            return nil
        case 11:
            if w0 == 0x6C665F7465736572 && w1 == 0x0000000000736761 { return .resetFlags }  // reset_flags
            if w0 == 0x74735F6F69646172 && w1 == 0x0000000000737461 { return .radioStats }  // radio_stats
            return nil
        case 13:
            if w0 == 0x6E5F6C6169726573 && w1 == 0x0000007265626D75 { return .serialNumber }  // serial_number
            if w0 == 0x735F726F736E6573 && w1 == 0x0000007375746174 { return .sensorStatus }  // sensor_status
            return nil
        case 17:
            if w0 == 0x657261776D726966 && w1 == 0x6F6973697665725F && w2 == 0x000000000000006E { return .firmwareRevision }  // firmware_revision
            return nil
        default:
            return nil
        }
    }

    /// Recognises a key given as text (escaped keys, after unescaping).
    static func match(name: String) -> TopLevelKey? {
        allCases.first { $0.wireName.description == name }
    }
}

/// Where each top-level key's value starts on the tape (-1: absent). When a
/// key repeats, the last occurrence wins, as in most JSON readers.
struct TopLevelKeyTable {
    let valueIndices: UnsafeMutablePointer<Int32>

    /// Finds the known keys among the members of the root object of `json`
    /// (none when the root is not an object), writing where their values
    /// are into `valueIndices`, which has room for every key.
    @inline(__always)
    init(json: JSONTape, valueIndices: UnsafeMutablePointer<Int32>) {
        self.valueIndices = valueIndices
        valueIndices.update(repeating: -1, count: TopLevelKey.allCases.count)
        let root = json[0]
        guard root.kind == .object else { return }
        var keyIndex = 1
        for _ in 0..<Int(root.length) {
            let key = json[keyIndex]
            let valueIndex = keyIndex + 1
            let match =
                key.hasEscapes
                ? TopLevelKey.match(name: json.decodedString(at: keyIndex))
                : TopLevelKey.match(json.bytes + Int(key.start), count: Int(key.length))
            if let match { valueIndices[match.rawValue] = Int32(valueIndex) }
            keyIndex = Int(json[valueIndex].next)
        }
    }

    @inline(__always)
    subscript(key: TopLevelKey) -> Int {
        Int(valueIndices[key.rawValue])
    }
}
