// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline
import TempestUDP

extension StatusReport {
    /// Which devices are the station's, and the refused serials: a count,
    /// the most recent few, and how to make a refused one the station's.
    func admissionText(_ admission: DeviceAdmission.Snapshot, now: Int64) -> [String] {
        var lines = [String]()
        let rule = admission.isConfigured
            ? "the station's configured serials"
            : "the first \(Plural.count(admission.limit, "device")) heard (no station serials configured)"
        lines.append(
            "Devices published: \(rule); admitted now: \(Plural.count(admission.admittedDevices, "device")) and \(Plural.count(admission.admittedHubs, "hub")).")
        guard admission.refusedMessages > 0 else { return lines }
        let recent = admission.refused.prefix(StatusReport.refusedTextLimit).map {
            "\($0.serial) (\(Plural.count(now - $0.lastHeardSeconds, "second")) ago, \(Plural.count($0.messages, "message")))"
        }
        lines.append(
            "Refused devices: \(Plural.count(admission.refused.count, "serial")) remembered, \(Plural.count(admission.refusedMessages, "message")) ignored "
                + "(counted only, not stored). Most recent: " + recent.joined(separator: ", ") + ".")
        if !admission.isConfigured {
            lines.append(
                "To publish a refused device, list the station's serials in station.serials "
                    + "(tempest-gateway setup or select writes them), or raise station.max_devices.")
        }
        return lines
    }

    /// The same as a JSON object, every remembered refused serial listed.
    func writeAdmission(_ admission: DeviceAdmission.Snapshot, into json: inout JSONWriter, now: Int64) {
        json.beginObject()
        json.member("configured", admission.isConfigured)
        json.member("max_devices", Int64(admission.limit))
        json.member("admitted_devices", Int64(admission.admittedDevices))
        json.member("admitted_hubs", Int64(admission.admittedHubs))
        json.member("refused_messages", Int64(admission.refusedMessages))
        json.key("refused")
        json.beginArray()
        for entry in admission.refused {
            json.beginObject()
            json.member("serial_number", entry.serial)
            json.member("age_seconds", now - entry.lastHeardSeconds)
            json.member("messages", Int64(entry.messages))
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}
