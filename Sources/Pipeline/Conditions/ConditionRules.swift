// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The thresholds behind the condition values (`raining`,
/// `lightning_nearby`, `freezing` and daylight; sunshine follows
/// `SunshineDuration`), from the
/// configuration (`mqtt.raining_hold_minutes`,
/// `mqtt.lightning_nearby_kilometers`, `mqtt.lightning_nearby_minutes`,
/// `station.latitude`).
public struct ConditionRules: Sendable, Hashable {
    /// `raining` stays ON this long after the last minute with rain or the
    /// last `evt_precip`, so that a pause between showers does not flap it.
    public var rainingHoldMinutes: Int64 = 15
    /// A strike counts for `lightning_nearby` at this distance or closer
    /// (16 km: about ten miles, where thunder is heard and lightning can strike).
    public var lightningNearbyKilometers: Double = 16
    /// `lightning_nearby` stays ON this long after the last such strike (the
    /// "30-30" safety rule's 30 minutes).
    public var lightningNearbyMinutes: Int64 = 30
    /// The station's latitude, for the daylight duration (none without it).
    public var latitudeDegrees: Double?

    /// `freezing` turns ON at this air temperature or below, °C.
    public static let freezingOnCelsius = 0.0
    /// `freezing` turns OFF again only above this air temperature, °C: the
    /// hysteresis keeps a temperature hovering around 0 °C from flapping it.
    public static let freezingOffCelsius = 1.0

    /// The defaults, with the latitude if known.
    public init(
        rainingHoldMinutes: Int64 = 15, lightningNearbyKilometers: Double = 16, lightningNearbyMinutes: Int64 = 30,
        latitudeDegrees: Double? = nil
    ) {
        self.rainingHoldMinutes = rainingHoldMinutes
        self.lightningNearbyKilometers = lightningNearbyKilometers
        self.lightningNearbyMinutes = lightningNearbyMinutes
        self.latitudeDegrees = latitudeDegrees
    }
}
