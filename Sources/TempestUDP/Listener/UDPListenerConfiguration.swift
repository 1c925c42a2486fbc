// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport

/// Where and how `UDPListener` listens, whom it believes, and where it
/// relays what it admits.
public struct UDPListenerConfiguration: Sendable, Hashable {
    /// The port Tempest hubs broadcast to (not configurable on the hub).
    public static let defaultPort: UInt16 = 50222

    /// IPv4 address to bind; `0.0.0.0` receives broadcasts on every interface.
    public var bindAddress: String
    /// UDP port; 0 lets the kernel choose (tests).
    public var port: UInt16
    /// Receive buffer to ask the kernel for, bytes. The kernel may grant
    /// less (`net.core.rmem_max`); bursts beyond it are counted as kernel drops.
    public var receiveBufferBytes: Int32
    /// When not empty, only messages whose serial or hub serial is listed are
    /// accepted. Anyone on the LAN can forge datagrams.
    public var allowedSerialNumbers: Set<String>
    /// When not empty, only datagrams from these IPv4 source addresses are
    /// accepted (dotted quads, such as `192.168.1.40`).
    public var allowedSourceAddresses: Set<String>
    /// How many message keys the duplicate filter remembers.
    public var duplicateFilterCapacity: Int
    /// How far ahead of the clock a message may be dated, seconds
    /// (`FutureTimestampRule`); nil accepts any time the decoder accepts.
    public var futureToleranceSeconds: Int64?
    /// Where every admitted datagram is forwarded, byte for byte
    /// (`DatagramRelay`); empty: nowhere.
    public var relayTargets: [IPv4Endpoint]

    /// The defaults: every interface, port 50222, a 4 MiB buffer, no
    /// allow-lists, five minutes' tolerance for timestamps ahead, no relay.
    public init(
        bindAddress: String = "0.0.0.0",
        port: UInt16 = UDPListenerConfiguration.defaultPort,
        receiveBufferBytes: Int32 = 4 << 20,
        allowedSerialNumbers: Set<String> = [],
        allowedSourceAddresses: Set<String> = [],
        duplicateFilterCapacity: Int = 4096,
        futureToleranceSeconds: Int64? = FutureTimestampRule.defaultToleranceSeconds,
        relayTargets: [IPv4Endpoint] = []
    ) {
        self.bindAddress = bindAddress
        self.port = port
        self.receiveBufferBytes = receiveBufferBytes
        self.allowedSerialNumbers = allowedSerialNumbers
        self.allowedSourceAddresses = allowedSourceAddresses
        self.duplicateFilterCapacity = duplicateFilterCapacity
        self.futureToleranceSeconds = futureToleranceSeconds
        self.relayTargets = relayTargets
    }
}
