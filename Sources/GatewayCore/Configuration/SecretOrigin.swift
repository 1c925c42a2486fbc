// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import MQTT

/// Where each secret would be read from, in words, for `config show`. The
/// secret itself is never read here, let alone shown.
public enum SecretOrigin {
    /// The secrets and their sources, as (label, source) pairs.
    public static func all(_ configuration: GatewayConfiguration) -> [(label: String, source: String)] {
        [
            ("MQTT password", describe(file: configuration.mqtt.passwordFile, variable: "TEMPEST_MQTT_PASSWORD", credential: "mqtt-password")),
            (
                "WeatherFlow token",
                describe(file: configuration.weatherFlow.tokenFile, variable: "TEMPEST_WEATHERFLOW_TOKEN", credential: "weatherflow-token")
            ),
            (
                "Open-Meteo API key",
                describe(file: configuration.forecast.apiKeyFile, variable: "TEMPEST_OPEN_METEO_API_KEY", credential: "open-meteo-api-key")
            ),
            ("Web page password", configuration.web.passwordSource.map { "from \($0)" } ?? "none"),
        ]
    }

    /// The first source that is set, as "from the file PATH" and the like
    /// (the file, the variable, the systemd credential); else "none".
    private static func describe(file: String?, variable: String?, credential: String?) -> String {
        SecretSource.first(file: file, environmentVariable: variable, credential: credential).map { "from \($0)" } ?? "none"
    }
}
