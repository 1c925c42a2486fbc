// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Synchronization

/// Which devices are the station's, so that a neighbour's station or a
/// flood of forged serials never becomes devices the gateway stores,
/// publishes, announces or keeps state for.
///
/// - With station serials configured, the devices admitted are those, and
///   the hubs among them or that relay their messages.
/// - Without, the first `limit` devices heard, and as many hubs (`known`
///   passes in the ones admitted before a restart, so the same ones stay).
/// - Any other serial is refused: counted, and remembered in a bounded
///   least-recently-heard table (`RefusedDevices`) for `status`.
///
/// Every per-device table elsewhere (the duplicate filter, device activity,
/// retained values, Home Assistant announcements, the store's device ids)
/// only ever sees admitted serials, so each is bounded by about twice
/// `limit` (or the configured serials).
public final class DeviceAdmission: Sendable {
    /// The default number of devices admitted without station serials.
    public static let defaultLimit = 16
    /// The default number of refused serials remembered for `status`.
    public static let defaultRefusedCapacity = 1_000

    /// What `status` shows.
    public struct Snapshot: Sendable {
        /// Whether station serials are configured (then only they are admitted).
        public var isConfigured: Bool
        /// Devices admitted when no station serials are configured.
        public var limit: Int
        /// Devices (hubs not counted) admitted now.
        public var admittedDevices: Int
        /// Hubs admitted now.
        public var admittedHubs: Int
        /// Messages refused since the start.
        public var refusedMessages: UInt64
        /// Refused serials remembered, most recently heard first.
        public var refused: [RefusedDevices.Entry]
    }

    private struct State {
        var devices: Set<String>
        var hubs: Set<String>
        var refused: RefusedDevices
        var refusedMessages: UInt64 = 0
    }

    /// The configured station serials (devices and hubs), or empty.
    public let configured: Set<String>
    /// Devices admitted when none are configured (at least 1).
    public let limit: Int
    private let state: Mutex<State>

    /// Admission for `configured` serials (empty: the first `limit` heard),
    /// starting with `known` serials admitted before (in the order first
    /// heard; beyond `limit` they are dropped).
    public init(configured: Set<String>, limit: Int = DeviceAdmission.defaultLimit, known: [String] = [],
                refusedCapacity: Int = DeviceAdmission.defaultRefusedCapacity) {
        self.configured = configured
        self.limit = max(1, limit)
        var devices = Set<String>()
        var hubs = Set<String>()
        for serial in known {
            if Self.isHub(serial) {
                // Hubs stored before came from admitted devices' messages.
                if hubs.count < max(self.limit, configured.count) { hubs.insert(serial) }
            } else if configured.isEmpty ? devices.count < self.limit : configured.contains(serial) {
                devices.insert(serial)
            }
        }
        state = Mutex(State(devices: devices, hubs: hubs, refused: RefusedDevices(capacity: refusedCapacity)))
    }

    /// Whether `envelope`'s device is admitted. With `claiming` false a
    /// device that would take a free place is answered true without taking
    /// it (the message may still be refused for its time); with `claiming`
    /// true it takes the place, and the relaying hub is learned. A refusal
    /// is counted either way, once per message when the caller asks again.
    public func admit(_ envelope: MessageEnvelope, heardAtSeconds: Int64, claiming: Bool) -> Bool {
        let serial = envelope.serialNumber.rawValue
        let hub = envelope.hubSerialNumber?.rawValue
        return state.withLock { state in
            let admitted: Bool
            if Self.isHub(serial) {
                admitted = state.hubs.contains(serial) || configured.contains(serial)
                    || (configured.isEmpty && state.hubs.count < limit)
                if admitted && claiming { state.hubs.insert(serial) }
            } else if state.devices.contains(serial) {
                admitted = true
            } else if configured.isEmpty ? state.devices.count < limit : configured.contains(serial) {
                admitted = true
                if claiming { state.devices.insert(serial) }
            } else {
                admitted = false
            }
            guard admitted else {
                state.refusedMessages += 1
                state.refused.note(serial, heardAtSeconds: heardAtSeconds)
                return false
            }
            if claiming, let hub, !state.hubs.contains(hub),
                configured.contains(hub) || state.hubs.count < max(limit, configured.count)
            {
                state.hubs.insert(hub)
            }
            return true
        }
    }

    /// Whether `serial` is an admitted device or hub (for a message's
    /// relaying hub, before it is announced).
    public func isAdmitted(_ serial: String) -> Bool {
        state.withLock { $0.devices.contains(serial) || $0.hubs.contains(serial) }
    }

    /// What `status` shows, with at most `refusedLimit` refused serials.
    public func snapshot(refusedLimit: Int = Int.max) -> Snapshot {
        state.withLock { state in
            Snapshot(
                isConfigured: !configured.isEmpty, limit: limit, admittedDevices: state.devices.count,
                admittedHubs: state.hubs.count, refusedMessages: state.refusedMessages,
                refused: state.refused.mostRecent(refusedLimit))
        }
    }

    /// Hubs are told by their `HB-` prefix, as the devices table does.
    static func isHub(_ serial: String) -> Bool {
        serial.utf8.starts(with: "HB-".utf8)
    }
}
