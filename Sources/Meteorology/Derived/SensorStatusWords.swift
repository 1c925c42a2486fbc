// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The `sensor_status` bit field of a device status in words (protocol
/// reference 4.1). Documented bits (mask 0x181FF) become phrases;
/// undocumented bits are reported as such and never as a failure.
public enum SensorStatusWords {
    static let phrases: [(bit: UInt32, phrase: String)] = [
        (0x1, "lightning sensor failed"),
        (0x2, "lightning sensor hears noise"),
        (0x4, "lightning sensor sees disturbers"),
        (0x8, "pressure sensor failed"),
        (0x10, "temperature sensor failed"),
        (0x20, "humidity sensor failed"),
        (0x40, "wind sensor failed"),
        (0x80, "rain sensor failed"),
        (0x100, "light and UV sensor failed"),
        (0x8000, "power booster depleted"),
        (0x10000, "power booster on shore power"),
    ]
    static let documentedMask: UInt32 = 0x181FF

    /// One phrase per documented bit that is set, then one for any
    /// undocumented bits; "all sensors OK" when nothing documented is set.
    public static func phrases(sensorStatus: UInt32) -> [String] {
        var result = phrases.filter { sensorStatus & $0.bit != 0 }.map(\.phrase)
        if result.isEmpty { result.append("all sensors OK") }
        let undocumented = sensorStatus & ~documentedMask
        if undocumented != 0 {
            result.append("undocumented status bits 0x\(String(undocumented, radix: 16, uppercase: true))")
        }
        return result
    }

    /// Whether a documented failure bit (not noise, disturbers or power
    /// booster states) is set.
    public static func hasSensorFailure(sensorStatus: UInt32) -> Bool {
        sensorStatus & (0x1 | 0x8 | 0x10 | 0x20 | 0x40 | 0x80 | 0x100) != 0
    }
}
