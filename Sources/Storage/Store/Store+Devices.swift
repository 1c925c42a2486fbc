// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension Store {
    /// The id of the device with `serial`, creating its row when it is new,
    /// and notes the sighting for the end of the transaction.
    func deviceID(serial: String, seenAt: Int64, hubSerial: String? = nil, firmware: String? = nil) throws -> Int64 {
        let id: Int64
        if let cached = deviceIDs[serial] {
            id = cached
        } else if let existing = try database.scalarInt("SELECT id FROM devices WHERE serial = ?", { try $0.bind(serial, at: 0) }) {
            id = existing
            deviceIDs[serial] = id
        } else {
            try database.run(
                "INSERT INTO devices (serial, kind, hub_serial, firmware, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?)"
            ) {
                try $0.bind(serial, at: 0)
                try $0.bind(DeviceRecord.Kind(serial: serial).rawValue, at: 1)
                try $0.bind(hubSerial, at: 2)
                try $0.bind(firmware, at: 3)
                try $0.bind(seenAt, at: 4)
                try $0.bind(seenAt, at: 5)
            }
            id = database.lastInsertRowID
            deviceIDs[serial] = id
        }
        var sighting = pendingSightings[id] ?? DeviceSighting(firstSeen: seenAt, lastSeen: seenAt)
        sighting.firstSeen = min(sighting.firstSeen, seenAt)
        sighting.lastSeen = max(sighting.lastSeen, seenAt)
        if let hubSerial { sighting.hubSerial = hubSerial }
        if let firmware { sighting.firmware = firmware }
        pendingSightings[id] = sighting
        return id
    }

    /// The id of an existing device, without creating one.
    func existingDeviceID(serial: String) throws -> Int64? {
        if let cached = deviceIDs[serial] { return cached }
        return try database.scalarInt("SELECT id FROM devices WHERE serial = ?") { try $0.bind(serial, at: 0) }
    }

    func flushSightings() throws {
        for (id, sighting) in pendingSightings {
            try database.run(
                """
                UPDATE devices SET last_seen = max(last_seen, ?1), first_seen = min(first_seen, ?5),
                    hub_serial = coalesce(?2, hub_serial), firmware = coalesce(?3, firmware)
                WHERE id = ?4
                """
            ) {
                try $0.bind(sighting.lastSeen, at: 0)
                try $0.bind(sighting.hubSerial, at: 1)
                try $0.bind(sighting.firmware, at: 2)
                try $0.bind(id, at: 3)
                try $0.bind(sighting.firstSeen, at: 4)
            }
        }
        pendingSightings.removeAll()
    }

    /// Every device and hub seen, by serial.
    public func devices() throws -> [DeviceRecord] {
        let statement = try database.statement(
            "SELECT serial, kind, hub_serial, firmware, first_seen, last_seen FROM devices ORDER BY serial")
        defer { statement.reset() }
        var result: [DeviceRecord] = []
        while try statement.step() {
            result.append(
                DeviceRecord(
                    serial: statement.string(0) ?? "",
                    kind: DeviceRecord.Kind(rawValue: statement.string(1) ?? "") ?? .unknown,
                    hubSerial: statement.string(2),
                    firmware: statement.string(3),
                    firstSeen: statement.int64(4) ?? 0,
                    lastSeen: statement.int64(5) ?? 0))
        }
        return result
    }

    /// The serials of the first `limit` devices and the first `limit` hubs
    /// stored, each in the order first seen: the ones admitted before a
    /// restart (`DeviceAdmission`), read without loading every row of a
    /// table an earlier version let grow.
    public func earliestDeviceSerials(limit: Int) throws -> [String] {
        var serials = [String]()
        for condition in ["kind = 'hub'", "kind <> 'hub'"] {
            let statement = try database.statement(
                "SELECT serial FROM devices WHERE \(condition) ORDER BY first_seen, id LIMIT ?")
            defer { statement.reset() }
            try statement.bind(Int64(limit), at: 0)
            while try statement.step() {
                if let serial = statement.string(0) { serials.append(serial) }
            }
        }
        return serials
    }
}
