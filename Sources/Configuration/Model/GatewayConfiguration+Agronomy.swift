// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[agronomy]`: the growers' figures.
    public struct Agronomy: Sendable, Equatable {
        /// `base_temperature_c`: the growing degree days' base, °C.
        public var baseTemperatureCelsius: Double

        init(_ values: ConfigurationValues) {
            baseTemperatureCelsius = values.required("agronomy.base_temperature_c", values.decimal)
        }
    }
}
