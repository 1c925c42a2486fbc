// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Home Assistant discovery and per-device availability: the devices heard,
/// those whose discovery configs are still to be sent, and when each counts
/// as offline. Without discovery nothing is kept.
///
/// Each device has about 40 configs, which libmosquitto holds until
/// acknowledged; so they go out a device at a time while the state window
/// (`RetainedValues`) has room, and the rest wait here as serials.
/// Availability topics are retained values like any other. A value type,
/// kept with the publisher's other parts under its one lock.
package struct HomeAssistantAnnouncements {
    let discovery: HomeAssistantDiscovery?
    /// Devices heard, by serial.
    private(set) var devices: [String: TrackedDevice] = [:]
    /// Serials whose discovery configs are still to be sent.
    private(set) var devicesToAnnounce = Set<String>()
    /// Announced devices whose firmware became known later (the first
    /// message of a device often has none, a rapid wind or the hub seen
    /// through its sensor): one config carries it to Home Assistant, which
    /// takes `sw_version` for the whole device, instead of every config
    /// being sent twice.
    private(set) var firmwareToAnnounce = Set<String>()
    /// Set when a device needs announcing or may have come back online:
    /// the next commit wakes the pump for it.
    private(set) var pumpNeeded = false

    init(discovery: HomeAssistantDiscovery?) {
        self.discovery = discovery
    }

    /// Devices kept, announced or waiting to be.
    var trackedDeviceCount: Int { devices.count + devicesToAnnounce.count }

    /// Notes that `device` was heard at `receivedAt`; see
    /// `GatewayPublisher.noteDevice`.
    mutating func note(_ device: HomeAssistantDiscovery.Device, receivedAt: Int64, silenceAllowedSeconds: Int64?) {
        guard discovery != nil else { return }
        let known = devices[device.serial]
        var tracked = known ?? TrackedDevice(heardAt: receivedAt)
        let before = (tracked.family, tracked.hubSerial)
        if tracked.merge(device) || known == nil {
            if known != nil, before == (tracked.family, tracked.hubSerial), !devicesToAnnounce.contains(device.serial) {
                firmwareToAnnounce.insert(device.serial)
            } else {
                devicesToAnnounce.insert(device.serial)
            }
            pumpNeeded = true
        }
        // A device not yet announced `online` is, once the pump runs.
        if tracked.isOnline != true { pumpNeeded = true }
        tracked.lastHeardUnixSeconds = max(tracked.lastHeardUnixSeconds, receivedAt)
        if let silenceAllowedSeconds { tracked.silenceAllowedSeconds = Int32(clamping: silenceAllowedSeconds) }
        devices[device.serial] = tracked
    }

    /// Whether a device noted since the last call needs the pump; cleared.
    mutating func takePumpNeeded() -> Bool {
        defer { pumpNeeded = false }
        return pumpNeeded
    }

    /// The devices whose configs go out now (every device when `all`,
    /// after a reconnect or when Home Assistant came back), in no order;
    /// none wait any more.
    mutating func takeDevicesToAnnounce(all: Bool) -> [HomeAssistantDiscovery.Device] {
        defer { devicesToAnnounce.removeAll() }
        if all { firmwareToAnnounce.removeAll() }
        if all { return devices.map { $0.value.device(serial: $0.key) } }
        return devicesToAnnounce.compactMap { serial in devices[serial]?.device(serial: serial) }
    }

    /// The announced devices whose firmware is new, in no order (those
    /// waiting for their whole announcement left out); none wait any more.
    mutating func takeFirmwareToAnnounce() -> [HomeAssistantDiscovery.Device] {
        defer { firmwareToAnnounce.removeAll() }
        return firmwareToAnnounce.subtracting(devicesToAnnounce).compactMap { serial in devices[serial]?.device(serial: serial) }
    }

    /// `devices` wait again for room in the state window.
    mutating func announceLater(_ devices: some Sequence<HomeAssistantDiscovery.Device>) {
        devicesToAnnounce.formUnion(devices.lazy.map(\.serial))
    }

    /// Whether configs wait for room in the state window.
    var hasDevicesToAnnounce: Bool { !devicesToAnnounce.isEmpty }

    /// Availability that changed by `now` (Unix seconds): `offline` once a
    /// device has been silent longer than it may be, `online` when heard
    /// again; each change is recorded as published.
    mutating func availabilityChanges(now: Int64) -> [(topic: RetainedTopic, payload: String)] {
        guard let discovery else { return [] }
        var changes = [(topic: RetainedTopic, payload: String)]()
        // Index by index, not over `indices`: that holds the storage, and
        // the first change would copy the whole table.
        var index = devices.startIndex
        while index != devices.endIndex {
            let online = now <= devices.values[index].silentAfterUnixSeconds
            if devices.values[index].isOnline != online {
                devices.values[index].isOnline = online
                changes.append((discovery.availability(serial: devices.keys[index]), online ? "online" : "offline"))
            }
            devices.formIndex(after: &index)
        }
        return changes
    }

    /// Seconds from `now` (Unix seconds) until the first device not yet
    /// `offline` runs out of allowed silence; nil without discovery or
    /// such a device.
    func secondsUntilSilence(now: Int64) -> Double? {
        guard discovery != nil else { return nil }
        var soonest: Double?
        for device in devices.values where device.isOnline != false {
            let seconds = Double(device.silentAfterUnixSeconds + 1 - now)
            soonest = min(soonest ?? seconds, seconds)
        }
        return soonest
    }

    /// Whether a message on `topic` says Home Assistant (re)started, and
    /// everything must be announced again.
    func isHomeAssistantOnline(topic: String, payload: [UInt8]) -> Bool {
        guard let discovery else { return false }
        return topic == "\(discovery.prefix)/status" && payload == Array("online".utf8)
    }

    /// Whether a message on `topic` is the gateway device's button asking
    /// for every config and retained value again.
    func isAnnounceCommand(topic: String, payload: [UInt8]) -> Bool {
        guard let discovery else { return false }
        return topic == discovery.layout.gatewayCommand && payload == Array(HomeAssistantDiscovery.announceCommand.utf8)
    }
}
