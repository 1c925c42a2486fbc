// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One cause of the hub's last reset, from the comma-separated `reset_flags`.
public enum ResetFlag: Hashable, Sendable, CustomStringConvertible {
    /// `BOR`: brown-out reset.
    case brownOut
    /// `PIN`: external reset pin.
    case pin
    /// `POR`: power-on reset.
    case powerOn
    /// `SFT`: software reset (for example after a firmware update).
    case software
    /// `WDG`: watchdog reset.
    case watchdog
    /// `WWD`: window-watchdog reset.
    case windowWatchdog
    /// `LPW`: low-power reset.
    case lowPower
    /// `HRDFLT`: hard fault (seen in the wild, not in the v171 page).
    case hardFault
    /// Any other token, kept as sent.
    case unknown(String)

    /// Maps one token.
    public init(code: String) {
        switch code {
        case "BOR": self = .brownOut
        case "PIN": self = .pin
        case "POR": self = .powerOn
        case "SFT": self = .software
        case "WDG": self = .watchdog
        case "WWD": self = .windowWatchdog
        case "LPW": self = .lowPower
        case "HRDFLT": self = .hardFault
        default: self = .unknown(code)
        }
    }

    /// Splits a `reset_flags` string such as `"BOR,PIN,POR"`.
    public static func parse(_ flags: String) -> [ResetFlag] {
        flags.split(separator: ",").map { ResetFlag(code: String($0)) }
    }

    /// The wire token.
    public var code: String {
        switch self {
        case .brownOut: "BOR"
        case .pin: "PIN"
        case .powerOn: "POR"
        case .software: "SFT"
        case .watchdog: "WDG"
        case .windowWatchdog: "WWD"
        case .lowPower: "LPW"
        case .hardFault: "HRDFLT"
        case .unknown(let code): code
        }
    }

    /// A phrase for people, such as "brown-out reset".
    public var description: String {
        switch self {
        case .brownOut: "brown-out reset"
        case .pin: "reset pin"
        case .powerOn: "power-on reset"
        case .software: "software reset"
        case .watchdog: "watchdog reset"
        case .windowWatchdog: "window-watchdog reset"
        case .lowPower: "low-power reset"
        case .hardFault: "hard fault"
        case .unknown(let code): "unknown reset cause \(code)"
        }
    }
}
