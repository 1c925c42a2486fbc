// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestCloud
import TempestTestKit
import TempestUDP
import Testing

/// The cloud's rows (REST and WebSocket share one row decoder) read through
/// the same field tables as the UDP decoder: for each kind and each field,
/// a row with only that field set decodes to the same typed row both ways,
/// whole numbers sent as `3.0` included.
@Suite struct CloudRowTableTests {
    static let timestamp: Int64 = 1_710_383_100

    /// The row text: the timestamp, then `value` at `index`, null elsewhere, every index of the table.
    static func row<Row: ObservationRowLayout>(_: Row.Type, index: Int, value: String) -> String {
        let length = (Row.fields.map(\.index).max() ?? 0) + 1
        let values = [String(timestamp)] + (1..<length).map { $0 == index ? value : "null" }
        return "[[" + values.joined(separator: ",") + "]]"
    }

    static func fromUDP(_ type: String, serial: String, rows: String) throws -> TempestMessage {
        let datagram = #"{"serial_number":"\#(serial)","type":"\#(type)","obs":\#(rows)}"#
        guard case .decoded(let message, _) = DatagramDecoder().decode(datagram) else {
            throw TestKitError("UDP did not decode \(datagram)")
        }
        return message
    }

    static func fromWebSocket(_ type: String, serial: String, rows: String) throws -> TempestMessage {
        let text = #"{"type":"\#(type)","device_id":7,"serial_number":"\#(serial)","obs":\#(rows)}"#
        guard case .device(let device) = try LiveDecoder().decode(text) else { throw TestKitError("not device data: \(text)") }
        return device.message
    }

    @Test func eachFieldDecodesTheSameFromTheCloudAsOverUDP() throws {
        try check(TempestObservation.Row.self, serial: "ST-00000001")
        try check(AirObservation.Row.self, serial: "AR-00000001")
        try check(SkyObservation.Row.self, serial: "SK-00000001")
        func check<Row: ObservationRowLayout>(_: Row.Type, serial: String) throws {
            let type = Row.messageType.rawValue
            for field in Row.fields {
                // A whole number in the field's range: UDP's rows are range-checked, the cloud's are not.
                let value = String(Int64(max(field.bounds.lower, 2).rounded(.up)))
                for sent in [value, value + ".0"] {
                    let rows = Self.row(Row.self, index: field.index, value: sent)
                    let udp = try Self.fromUDP(type, serial: serial, rows: rows)
                    let cloud = try Self.fromWebSocket(type, serial: serial, rows: rows)
                    #expect(cloud == udp, "\(type) \(field.name) sent as \(sent)")
                    #expect(cloud.canonicalJSON().contains(#""\#(field.name)":\#(value)"#), "\(type) \(field.name)")
                }
            }
        }
    }

    @Test func aRowShorterThanTheUDPLayoutIsRefused() throws {
        for (type, serial, minimum) in [("obs_st", "ST-00000001", 18), ("obs_air", "AR-00000001", 8), ("obs_sky", "SK-00000001", 14)] {
            let short = "[[" + ([String(Self.timestamp)] + Array(repeating: "null", count: minimum - 2)).joined(separator: ",") + "]]"
            let text = #"{"type":"\#(type)","device_id":7,"serial_number":"\#(serial)","obs":\#(short)}"#
            #expect(throws: LiveMessageError.self, "\(type)") { try LiveDecoder().decode(text) }
            let full = "[[" + ([String(Self.timestamp)] + Array(repeating: "null", count: minimum - 1)).joined(separator: ",") + "]]"
            #expect(try Self.fromWebSocket(type, serial: serial, rows: full).type.rawValue == type)
        }
    }
}
