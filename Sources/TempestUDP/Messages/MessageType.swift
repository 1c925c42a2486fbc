// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The eight documented datagram types, named as on the wire.
public enum MessageType: String, Sendable, Hashable, CaseIterable {
    /// Start of rain.
    case precipitationEvent = "evt_precip"
    /// One lightning strike.
    case lightningStrikeEvent = "evt_strike"
    /// A 3-second wind sample.
    case rapidWind = "rapid_wind"
    /// An AIR observation.
    case airObservation = "obs_air"
    /// A SKY observation.
    case skyObservation = "obs_sky"
    /// A Tempest observation.
    case tempestObservation = "obs_st"
    /// A sensor's health report.
    case deviceStatus = "device_status"
    /// The hub's health report.
    case hubStatus = "hub_status"

    /// The device families whose serials fit this type (section 6 of the
    /// protocol spec); any other prefix is accepted but counted.
    public var expectedFamilies: [DeviceFamily] {
        switch self {
        case .hubStatus: [.hub]
        case .tempestObservation: [.tempest]
        case .airObservation: [.air]
        case .skyObservation: [.sky]
        case .rapidWind, .precipitationEvent: [.tempest, .sky]
        case .lightningStrikeEvent: [.tempest, .air]
        case .deviceStatus: [.tempest, .air, .sky]
        }
    }
}
