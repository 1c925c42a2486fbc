// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The kind of WeatherFlow device, named by the two-letter prefix of its
/// serial number.
public enum DeviceFamily: String, Sendable, Hashable, CaseIterable {
    /// `HB-`: the indoor Wi-Fi hub that relays every sensor's messages.
    case hub = "HB"
    /// `ST-`: the Tempest all-in-one outdoor sensor.
    case tempest = "ST"
    /// `AR-`: the older AIR sensor (temperature, humidity, pressure, lightning).
    case air = "AR"
    /// `SK-`: the older SKY sensor (wind, rain, light, UV).
    case sky = "SK"

    /// A name for people: "hub", "Tempest", "AIR", "SKY".
    public var displayName: String {
        switch self {
        case .hub: "hub"
        case .tempest: "Tempest"
        case .air: "AIR"
        case .sky: "SKY"
        }
    }
}
