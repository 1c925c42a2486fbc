// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension GatewayConfiguration {
    /// `[mqtt]`: the broker and what to publish. Unit names are the words
    /// the file uses (`fahrenheit`, `km/h`).
    public struct MQTT: Sendable, Equatable {
        /// `enabled`.
        public var enabled: Bool
        /// `host`.
        public var host: String
        /// `port`, or nil for 1883 (8883 with TLS).
        public var port: Int?
        /// `user`, if any.
        public var user: String?
        /// `password_file`, if any.
        public var passwordFile: String?
        /// `tls`.
        public var tls: Bool
        /// `ca_file`, if any.
        public var caFile: String?
        /// `base`: the topic prefix.
        public var base: String
        /// `client_id`, or nil for the default.
        public var clientID: String?
        /// `protocol`: `5` or `3.1.1`.
        public var protocolVersion: String
        /// `qos`: 0 or 1.
        public var qos: Int
        /// `retained_qos`: 0 or 1, for retained values and availability.
        public var retainedQoS: Int
        /// `republish_unchanged`: send retained values that did not change.
        public var republishUnchanged: Bool
        /// `high_rate_values`: also publish rapid wind, the hub's rssi and
        /// the status reports' uptime and seq as plain values.
        public var highRateValues: Bool
        /// `keepalive` in seconds.
        public var keepalive: Int
        /// `persistent_session`.
        public var persistentSession: Bool
        /// `session_expiry` in seconds.
        public var sessionExpiry: Int
        /// `homeassistant`: announce entities.
        public var homeAssistant: Bool
        /// `homeassistant_prefix`.
        public var homeAssistantPrefix: String
        /// `homeassistant_gateway_id`, if set.
        public var homeAssistantGatewayID: String?
        /// `homeassistant_min_version`: `YEAR.MONTH`.
        public var homeAssistantMinVersion: String
        /// `units`: `metric` or `imperial`.
        public var units: String
        /// `temperature_unit`, if overridden.
        public var temperatureUnit: String?
        /// `wind_unit`, if overridden.
        public var windUnit: String?
        /// `pressure_unit`, if overridden.
        public var pressureUnit: String?
        /// `rain_unit`, if overridden.
        public var rainUnit: String?
        /// `distance_unit`, if overridden.
        public var distanceUnit: String?
        /// `rapid_wind_interval` in seconds.
        public var rapidWindInterval: Int
        /// `compat`: `none` or `weatherflow2mqtt`.
        public var compat: String
        /// `disabled_entities`: Home Assistant entities to remove.
        public var disabledEntities: [String]
        /// `raining_hold_minutes`: how long `raining` stays ON after the last rain.
        public var rainingHoldMinutes: Int
        /// `lightning_nearby_kilometers`: how close a strike must be for `lightning_nearby`.
        public var lightningNearbyKilometers: Double
        /// `lightning_nearby_minutes`: how long `lightning_nearby` stays ON after such a strike.
        public var lightningNearbyMinutes: Int
        /// `lightning_strikes`: publish only strikes the cloud confirmed (`confirmed`), or all.
        public var publishesConfirmedStrikesOnly: Bool

        init(_ values: ConfigurationValues) {
            enabled = values.required("mqtt.enabled", values.boolean)
            host = values.required("mqtt.host", values.string)
            port = values.integer("mqtt.port")
            user = values.string("mqtt.user")
            passwordFile = values.string("mqtt.password_file")
            tls = values.required("mqtt.tls", values.boolean)
            caFile = values.string("mqtt.ca_file")
            base = values.required("mqtt.base", values.string)
            clientID = values.string("mqtt.client_id")
            protocolVersion = values.required("mqtt.protocol", values.string)
            qos = values.required("mqtt.qos", values.integer)
            retainedQoS = values.required("mqtt.retained_qos", values.integer)
            republishUnchanged = values.required("mqtt.republish_unchanged", values.boolean)
            highRateValues = values.required("mqtt.high_rate_values", values.boolean)
            keepalive = values.required("mqtt.keepalive", values.integer)
            persistentSession = values.required("mqtt.persistent_session", values.boolean)
            sessionExpiry = values.required("mqtt.session_expiry", values.integer)
            homeAssistant = values.required("mqtt.homeassistant", values.boolean)
            homeAssistantPrefix = values.required("mqtt.homeassistant_prefix", values.string)
            homeAssistantGatewayID = values.string("mqtt.homeassistant_gateway_id")
            homeAssistantMinVersion = values.required("mqtt.homeassistant_min_version", values.string)
            units = values.required("mqtt.units", values.string)
            temperatureUnit = values.string("mqtt.temperature_unit")
            windUnit = values.string("mqtt.wind_unit")
            pressureUnit = values.string("mqtt.pressure_unit")
            rainUnit = values.string("mqtt.rain_unit")
            distanceUnit = values.string("mqtt.distance_unit")
            rapidWindInterval = values.required("mqtt.rapid_wind_interval", values.integer)
            compat = values.required("mqtt.compat", values.string)
            disabledEntities = values.required("mqtt.disabled_entities", values.strings)
            rainingHoldMinutes = values.required("mqtt.raining_hold_minutes", values.integer)
            lightningNearbyKilometers = values.required("mqtt.lightning_nearby_kilometers", values.decimal)
            lightningNearbyMinutes = values.required("mqtt.lightning_nearby_minutes", values.integer)
            publishesConfirmedStrikesOnly = values.required("mqtt.lightning_strikes", values.string) == "confirmed"
        }
    }
}
