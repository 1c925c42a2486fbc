// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension DailySummaryRecord {
    /// What the growers' figures need of one day (schema version 13).
    public struct Growers: Sendable, Equatable {
        /// The day's lowest and highest relative humidity, %.
        public var minimumHumidityPercent: Double?
        public var maximumHumidityPercent: Double?
        /// The mean of the observations' average wind, m/s (at the sensor).
        public var meanWindMetersPerSecond: Double?
        /// Global solar radiation received, MJ/m².
        public var solarEnergyMegajoulesPerSquareMeter: Double?
        /// Minutes the solar radiation was measured.
        public var solarRadiationMinutes: Int?
        /// Minutes of sunshine (WMO rule).
        public var sunshineMinutes: Int?
        /// Minutes between 0 and 7.2 °C.
        public var chillMinutes: Int?
        /// The day's FAO-56 reference evapotranspiration, mm (nil: incomplete day or no site).
        public var referenceEvapotranspirationMillimeters: Double?

        /// Nothing known.
        public init() {}
    }
}
