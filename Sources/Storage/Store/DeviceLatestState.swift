// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// The newest stored facts about one device, rebuilt from rows after a restart.
public struct DeviceLatestState: Sendable, Equatable {
    /// The device.
    public var device: DeviceRecord
    /// Its newest observation.
    public var latestObservation: ObservationRecord?
    /// Its newest raw rapid-wind sample.
    public var latestRapidWind: RapidWindRecord?
    /// Its newest device status (sensors).
    public var latestDeviceStatus: DeviceStatusRecord?
    /// Its newest hub status (hubs).
    public var latestHubStatus: HubStatusRecord?
}
