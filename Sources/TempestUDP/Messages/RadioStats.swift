// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The hub's `radio_stats` array (protocol spec 4.3): 4 elements on old hub
/// firmware, 5 on current firmware.
public struct RadioStats: Hashable, Sendable {
    /// State of the hub's sub-GHz radio.
    public enum Status: Hashable, Sendable, CustomStringConvertible {
        /// 0: radio off.
        case off
        /// 1: radio on.
        case on
        /// 3: radio active (normal).
        case active
        /// 7: Bluetooth connected (usually the phone app during setup).
        case bluetoothConnected
        /// Any other value; the number is kept.
        case unknown(Int64)

        /// Maps the wire value.
        public init(code: Int64) {
            switch code {
            case 0: self = .off
            case 1: self = .on
            case 3: self = .active
            case 7: self = .bluetoothConnected
            default: self = .unknown(code)
            }
        }

        /// The spec's snake_case name.
        public var description: String {
            switch self {
            case .off: "off"
            case .on: "on"
            case .active: "active"
            case .bluetoothConnected: "ble_connected"
            case .unknown: "unknown"
            }
        }
    }

    /// The elements as sent (`null` elements are nil), at most 16.
    public var rawValues: [Int64?]

    /// Wraps the raw elements.
    public init(rawValues: [Int64?]) {
        self.rawValues = rawValues
    }

    private func element(_ index: Int) -> Int64? {
        index < rawValues.count ? rawValues[index] : nil
    }

    /// Index 0: radio firmware / statistics format version.
    public var version: Int64? { element(0) }
    /// Index 1: number of radio reboots.
    public var rebootCount: Int64? { element(1) }
    /// Index 2: I²C bus errors between the hub's MCU and the radio.
    public var i2cBusErrorCount: Int64? { element(2) }
    /// Index 3: the radio's state.
    public var status: Status? { element(3).map(Status.init(code:)) }
    /// Index 4: radio network id, absent on older hub firmware.
    public var networkID: Int64? { element(4) }
}
