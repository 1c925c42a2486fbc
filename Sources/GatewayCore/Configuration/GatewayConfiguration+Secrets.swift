// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import SystemSupport

// Each secret's file key, environment variable and systemd credential,
// written once here; the order among them is `SecretSource.first`'s.

extension GatewayConfiguration {
    /// Every secret the gateway reads, as `config show` names it, with the
    /// source it would be read from (nil when none is set). No secret is
    /// read here, let alone shown.
    public var secretSources: [(label: String, source: SecretSource?)] {
        [
            ("MQTT password", mqtt.passwordSource),
            ("WeatherFlow token", weatherFlow.tokenSource),
            ("Open-Meteo API key", forecast.apiKeySource),
            ("Web page password", web.passwordSource),
        ]
            + exports.enumerated().map { index, export in
                // Basic authentication when a user is given, else a token (`makeExportDestination`).
                export.user == nil
                    ? ("Export \(index + 1) token", export.tokenSource(number: index + 1))
                    : ("Export \(index + 1) password", export.passwordSource(number: index + 1))
            }
            + uploads.enumerated().map { index, upload in
                ("Upload \(index + 1) key (\(upload.service.displayName))", upload.keySource)
            }
    }
}

extension GatewayConfiguration.Upload {
    /// Where the network's key comes from: `key_file`, else
    /// `$TEMPEST_UPLOAD_<SERVICE>_KEY`, else the systemd credential
    /// `upload-<service>`; nil when none is set (CWOP needs none).
    public var keySource: SecretSource? {
        SecretSource.first(file: keyFile, environmentVariable: service.keyEnvironmentVariable, credential: service.keyCredential)
    }
}

extension GatewayConfiguration.MQTT {
    /// Where the broker password comes from: `password_file`, else
    /// `$TEMPEST_MQTT_PASSWORD`, else the systemd credential `mqtt-password`;
    /// nil when none is set.
    public var passwordSource: SecretSource? {
        SecretSource.first(file: passwordFile, environmentVariable: "TEMPEST_MQTT_PASSWORD", credential: "mqtt-password")
    }
}

extension GatewayConfiguration.WeatherFlow {
    /// Where the WeatherFlow token comes from: `token_file`, else
    /// `$TEMPEST_WEATHERFLOW_TOKEN`, else the systemd credential
    /// `weatherflow-token`; nil when none is set.
    public var tokenSource: SecretSource? {
        SecretSource.first(file: tokenFile, environmentVariable: "TEMPEST_WEATHERFLOW_TOKEN", credential: "weatherflow-token")
    }
}

extension GatewayConfiguration.Forecast {
    /// Where the Open-Meteo API key comes from: `api_key_file`, else
    /// `$TEMPEST_OPEN_METEO_API_KEY`, else the systemd credential
    /// `open-meteo-api-key`; nil when none is set (the free service needs none).
    public var apiKeySource: SecretSource? {
        SecretSource.first(file: apiKeyFile, environmentVariable: "TEMPEST_OPEN_METEO_API_KEY", credential: "open-meteo-api-key")
    }
}

extension GatewayConfiguration.Web {
    /// Where the page's password comes from: `password_file`, else
    /// `$TEMPEST_WEB_PASSWORD`, else the systemd credential `web-password`;
    /// nil when none is set (the page then has no password).
    public var passwordSource: SecretSource? {
        SecretSource.first(file: passwordFile, environmentVariable: "TEMPEST_WEB_PASSWORD", credential: "web-password")
    }
}
