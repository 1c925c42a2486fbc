// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import Configuration
import GatewayCore
import Glibc
import MQTT

extension GatewayConfiguration.MQTT {
    /// The broker port: the configured one, else 1883 (8883 with TLS).
    var effectivePort: Int32 {
        port.map(Int32.init) ?? (tls ? 8883 : 1883)
    }

    /// The client configuration, with the password loaded from its source
    /// (``passwordSource``).
    func clientConfiguration() throws -> MQTTConfiguration {
        var configuration = MQTTConfiguration(
            host: host, port: effectivePort, clientID: clientID ?? MQTTOptions.defaultClientID())
        configuration.protocolVersion = protocolVersion == "3.1.1" ? .v311 : .v5
        configuration.keepAliveSeconds = Int32(keepalive)
        configuration.persistentSession = persistentSession
        configuration.sessionExpirySeconds = UInt32(clamping: sessionExpiry)
        configuration.username = user
        if let source = passwordSource {
            do {
                configuration.password = try source.load()
            } catch {
                throw ValidationError("MQTT password: \(error)")
            }
        }
        if tls || caFile != nil {
            configuration.tls = .init(caFile: caFile)
        }
        return configuration
    }
}
