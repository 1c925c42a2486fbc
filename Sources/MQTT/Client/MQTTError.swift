// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CMosquitto
import SystemSupport

/// What went wrong with the broker, in words a person can act on. Never
/// contains the password.
public struct MQTTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure callers may want to tell apart.
    public enum Kind: Sendable, Hashable {
        case connectionRefused
        case nameNotResolved
        case tls
        case credentialsRejected
        case notAuthorized
        case brokerRejected
        case connectionLost
        case notConnected
        case invalidArgument
        case library
    }

    /// The kind of failure.
    public let kind: Kind
    /// The sentence to show or log.
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    static func connectionRefused(host: String, port: Int32) -> MQTTError {
        MQTTError(.connectionRefused, "connection refused by \(host):\(port): is the broker running and listening on that port?")
    }

    static func nameNotResolved(host: String) -> MQTTError {
        MQTTError(.nameNotResolved, "could not resolve the broker's host name '\(host)'")
    }

    static func tls(_ reason: String, host: String, port: Int32) -> MQTTError {
        MQTTError(.tls, "TLS failure with \(host):\(port): \(reason)")
    }

    static let notConnected = MQTTError(.notConnected, "not connected to the broker")

    /// A refusal in the broker's CONNACK, with MQTT 5 reason codes and MQTT
    /// 3.1.1 return codes spelled out. Brokers such as mosquitto answer a
    /// wrong password with "not authorized", so when credentials were sent
    /// that answer is reported as rejected credentials.
    static func connack(_ code: Int32, protocolVersion: MQTTConfiguration.ProtocolVersion, sentCredentials: Bool) -> MQTTError {
        let reason: String
        let codeText: String
        let badCredentials: Bool
        let notAuthorized: Bool
        switch protocolVersion {
        case .v5:
            reason = String(cString: mosquitto_reason_string(code))
            codeText = "code \(code)"
            badCredentials = code == 0x86
            notAuthorized = code == 0x87
        case .v311:
            reason = String(cString: mosquitto_connack_string(code))
            codeText = "return code \(code)"
            badCredentials = code == 4
            notAuthorized = code == 5
        }
        if badCredentials || (notAuthorized && sentCredentials) {
            return MQTTError(
                .credentialsRejected,
                "the broker refused the user name and password (reason: \(reason), \(codeText)); check them, and the broker's access rules for this user"
            )
        }
        if notAuthorized {
            return MQTTError(
                .notAuthorized,
                "the broker wants a user name and password (reason: \(reason), \(codeText))")
        }
        return MQTTError(.brokerRejected, "the broker refused the connection (reason: \(reason), \(codeText))")
    }

    /// A libmosquitto error code, with the last error the library logged
    /// (it carries OpenSSL's reason for TLS failures).
    static func library(_ code: Int32, host: String, port: Int32, detail: String?, errno: Int32) -> MQTTError {
        let message = String(cString: mosquitto_strerror(code))
        switch code {
        case Int32(MOSQ_ERR_TLS.rawValue), Int32(MOSQ_ERR_TLS_HANDSHAKE.rawValue):
            return .tls(detail ?? message, host: host, port: port)
        case Int32(MOSQ_ERR_EAI.rawValue):
            return .nameNotResolved(host: host)
        case Int32(MOSQ_ERR_CONN_REFUSED.rawValue):
            return .connectionRefused(host: host, port: port)
        case Int32(MOSQ_ERR_ERRNO.rawValue) where errno == ECONNREFUSED:
            return .connectionRefused(host: host, port: port)
        case Int32(MOSQ_ERR_NO_CONN.rawValue):
            return .notConnected
        case Int32(MOSQ_ERR_INVAL.rawValue), Int32(MOSQ_ERR_PAYLOAD_SIZE.rawValue), Int32(MOSQ_ERR_MALFORMED_UTF8.rawValue):
            return MQTTError(.invalidArgument, "the broker library refused the request: \(message)")
        case Int32(MOSQ_ERR_CONN_LOST.rawValue), Int32(MOSQ_ERR_KEEPALIVE.rawValue), Int32(MOSQ_ERR_ERRNO.rawValue):
            let reason = detail ?? (code == Int32(MOSQ_ERR_ERRNO.rawValue) ? SystemError.current.message : message)
            return MQTTError(.connectionLost, "lost the connection to \(host):\(port): \(reason)")
        default:
            return MQTTError(.library, "broker library error with \(host):\(port): \(detail ?? message)")
        }
    }
}

import Glibc
