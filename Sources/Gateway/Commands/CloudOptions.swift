// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import HTTP
import SystemSupport
import TempestCloud

/// How to reach the WeatherFlow cloud. The token never comes from the
/// command line: from a file only its owner can read (`--token-file`), from
/// `$TEMPEST_WEATHERFLOW_TOKEN`, or from the systemd credential
/// `weatherflow-token`. Options left out keep the configuration file's
/// `[weatherflow]` values.
struct CloudOptions: ParsableArguments {
    @Option(help: "A file holding the WeatherFlow personal access token (mode 600).")
    var tokenFile: String?

    @Option(help: "The WeatherFlow REST API's base URL, for tests or a proxy (default: \(WeatherFlowClient.defaultBaseURL)).")
    var weatherflowApi: String?

    /// Each option is held to the rule of the `[weatherflow]` key it sets.
    func validate() throws {
        try ConfigurationSchema.checkOption("token-file", sets: "weatherflow.token_file", tokenFile)
        try ConfigurationSchema.checkOption("weatherflow-api", sets: "weatherflow.api", weatherflowApi)
    }

    /// The client, with the token loaded from its source; `configured` is
    /// the configuration file's `[weatherflow]`, which options override.
    func client(configured: GatewayConfiguration.WeatherFlow) throws -> WeatherFlowClient {
        guard let client = try optionalClient(configured: configured) else {
            throw ValidationError(
                "no WeatherFlow token: pass --token-file PATH (a file only you can read), or set TEMPEST_WEATHERFLOW_TOKEN; create a token at tempestwx.com → Settings → Data Authorizations")
        }
        return client
    }

    /// The client when a token source is configured, nil when none is; a
    /// configured source that cannot be read is an error.
    func optionalClient(configured: GatewayConfiguration.WeatherFlow) throws -> WeatherFlowClient? {
        var weatherFlow = configured
        if let tokenFile { weatherFlow.tokenFile = tokenFile }
        guard let source = weatherFlow.tokenSource else { return nil }
        do {
            return WeatherFlowClient(
                token: try APIToken.load(from: source), baseURL: weatherflowApi ?? configured.api,
                retryPolicy: RetryPolicy(), requestTemplate: HTTPRequest(url: "", caFile: configured.caFile))
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
