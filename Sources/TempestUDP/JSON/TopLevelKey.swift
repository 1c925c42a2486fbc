/// The top-level keys the decoder reads. The scanner recognises them while
/// it scans the outermost object and records where each value starts, so no
/// key ever needs a token of its own or a second pass.
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

    /// Recognises an unescaped key by its raw bytes: length first, so most
    /// keys cost one short comparison.
    @inline(__always)
    static func match(_ bytes: UnsafePointer<UInt8>, count: Int) -> TopLevelKey? {
        @inline(__always)
        func equals(_ key: TopLevelKey) -> Bool {
            let name = key.wireName
            let expected = name.utf8Start
            for offset in 0..<count where bytes[offset] != expected[offset] { return false }
            return true
        }
        switch count {
        case 2: return equals(.ob) ? .ob : equals(.fs) ? .fs : nil
        case 3: return equals(.obs) ? .obs : equals(.evt) ? .evt : equals(.seq) ? .seq : nil
        case 4: return equals(.type) ? .type : equals(.rssi) ? .rssi : nil
        case 5: return equals(.debug) ? .debug : nil
        case 6: return equals(.hubSerialNumber) ? .hubSerialNumber : equals(.uptime) ? .uptime : nil
        case 7: return equals(.voltage) ? .voltage : nil
        case 8: return equals(.hubRSSI) ? .hubRSSI : nil
        case 9: return equals(.timestamp) ? .timestamp : nil
        case 10: return equals(.mqttStats) ? .mqttStats : nil
        case 11: return equals(.resetFlags) ? .resetFlags : equals(.radioStats) ? .radioStats : nil
        case 13: return equals(.serialNumber) ? .serialNumber : equals(.sensorStatus) ? .sensorStatus : nil
        case 17: return equals(.firmwareRevision) ? .firmwareRevision : nil
        default: return nil
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

    @inline(__always)
    subscript(key: TopLevelKey) -> Int {
        Int(valueIndices[key.rawValue])
    }
}
