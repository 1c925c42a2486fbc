// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import MQTT
import Synchronization

/// Connects to the broker once, as the gateway would, and says whether it
/// accepted the connection and credentials, and if not why, in words.
enum BrokerProbe {
    /// The check for `configuration` (whose client id is used as given).
    static func check(_ configuration: MQTTConfiguration, host: String) -> GatewayCheck {
        let name = "MQTT broker \(host) accepts the gateway"
        let failure = Mutex<MQTTError?>(nil)
        do {
            let client = try MQTTClient(configuration: configuration) { event in
                if case .connectionFailed(let error) = event { failure.withLock { $0 = $0 ?? error } }
            }
            try client.start()
            let connected = client.waitUntilConnected(seconds: 5)
            client.stop()
            if connected {
                return GatewayCheck(name: name, outcome: .pass, detail: "connected to \(configuration.host):\(configuration.port)")
            }
        } catch {
            failure.withLock { $0 = $0 ?? error }
        }
        let error = failure.withLock { $0 }
        let hint: String
        switch error?.kind {
        case .credentialsRejected, .notAuthorized: hint = "check the MQTT user and the password file, and the broker's password file and ACL"
        case .tls: hint = "check the CA file and that the broker's certificate names this host"
        case .nameNotResolved: hint = "check the host name, or use the broker's IP address"
        default: hint = "check that the broker runs and listens on \(configuration.host):\(configuration.port) (sudo apt install mosquitto)"
        }
        return GatewayCheck(name: name, outcome: .fail, detail: error?.description ?? "no answer within 5 seconds", hint: hint)
    }
}
