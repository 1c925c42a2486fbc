// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// A followed device's data as the WebSocket delivers it.
public struct LiveDeviceMessage: Sendable, Equatable {
    /// The message in the UDP decoder's shape (serial, hub and firmware in
    /// its envelope), ready for the pipeline.
    public var message: TempestMessage
    /// The cloud's device id it came under.
    public var deviceID: Int
    /// True for `"source":"cache"`: the server's replay of the latest
    /// observation when a listen starts. It is ingested like any other; the
    /// store's unique key drops it when the row is already there.
    public var isCacheReplay: Bool

    /// Makes one.
    public init(message: TempestMessage, deviceID: Int, isCacheReplay: Bool = false) {
        self.message = message
        self.deviceID = deviceID
        self.isCacheReplay = isCacheReplay
    }
}
