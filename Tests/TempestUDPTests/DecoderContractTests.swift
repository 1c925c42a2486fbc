// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
import TempestUDP

/// Contract rules that the fixtures do not cover line by line.
@Suite("Decoder contract")
struct DecoderContractTests {
    let decoder = DatagramDecoder()
    let rapidWind = #"{"serial_number":"ST-00000001","type":"rapid_wind","hub_sn":"HB-00000001","ob":[1705334403,3.27,194]}"#

    func decoded(_ text: String) throws -> (TempestMessage, DecodeDiagnostics) {
        guard case .decoded(let message, let diagnostics) = decoder.decode(text) else {
            throw TestFailure("did not decode: \(decoder.decode(text))")
        }
        return (message, diagnostics)
    }

    func category(_ text: String) -> String? {
        if case .rejected(let error) = decoder.decode(text) { return error.category.description }
        return nil
    }

    @Test("escaped keys, type and serial decode like plain ones")
    func escapes() throws {
        let (message, _) = try decoded(
            #"{"serial_\u006eumber":"ST-0000\u0030001","type":"rapid\u005fwind","ob":[1705334403,3.27,194]}"#)
        #expect(message.type == .rapidWind)
        #expect(message.envelope.serialNumber.rawValue == "ST-00000001")
    }

    @Test("white space around and inside the object is accepted")
    func whitespace() throws {
        let (message, _) = try decoded(" \n{ \"serial_number\" : \"ST-00000001\" ,\"type\":\"evt_precip\",\"evt\":[ 1705333920 ] }\r\n")
        #expect(message.timestamp.secondsSince1970 == 1_705_333_920)
    }

    @Test("unknown keys and missing hub_sn and firmware are accepted")
    func optionalKeys() throws {
        let (message, diagnostics) = try decoded(
            #"{"future":{"nested":[1,2,{"x":null}]},"serial_number":"ST-00000001","type":"evt_precip","evt":[1705333920,7,8]}"#)
        #expect(message.envelope.hubSerialNumber == nil)
        #expect(message.envelope.firmwareRevision == nil)
        #expect(diagnostics == DecodeDiagnostics())
    }

    @Test("REST-style integers sent as 3.0 are accepted")
    func integralFloats() throws {
        let text = #"{"serial_number":"ST-00000001","type":"obs_st","obs":[[1705334400.0,0.9,3.1,6.4,196.0,3.0,998.42,5.8,94.1,2870.0,0.09,24.0,0.14,1.0,0.0,0.0,2.512,1.0]]}"#
        guard case .tempestObservation(let observation) = try decoded(text).0 else {
            Issue.record("not obs_st")
            return
        }
        #expect(observation.rows.first?.windSampleIntervalSeconds == 3)
        #expect(observation.rows.first?.precipitationType == .rain)
    }

    @Test("the 22-value REST obs_st row carries its extra indices")
    func restRow() throws {
        let text = #"{"serial_number":"ST-00000001","type":"obs_st","obs":[[1705334400,0.9,3.1,6.4,196,3,998.4,5.8,94,2870,0.09,24,0.14,1,0,0,2.512,1,3.27,3.1,null,1]]}"#
        guard case .tempestObservation(let observation) = try decoded(text).0 else {
            Issue.record("not obs_st")
            return
        }
        let row = try #require(observation.rows.first)
        #expect(row.localDayRainAccumulationMillimeters == 3.27)
        #expect(row.nearCastRainAccumulationMillimeters == 3.1)
        #expect(row.localDayNearCastRainAccumulationMillimeters == nil)
        #expect(row.precipitationAnalysisType == 1)
    }

    @Test("a value outside physical bounds becomes missing and is counted")
    func rangePolicy() throws {
        let text = #"{"serial_number":"ST-00000001","type":"obs_st","obs":[[1705334400,0.9,3.1,6.4,196,3,998.42,85.0,94.1,2870,0.09,24,0.14,1,0,0,2.512,1]]}"#
        let (message, diagnostics) = try decoded(text)
        guard case .tempestObservation(let observation) = message else {
            Issue.record("not obs_st")
            return
        }
        #expect(observation.rows.first?.airTemperatureCelsius == nil)
        #expect(observation.rows.first?.relativeHumidityPercent == 94.1)
        #expect(diagnostics.rangeViolations == [.init(field: "air_temperature", value: 85)])
    }

    @Test("nesting: 32 levels pass, 33 are rejected")
    func depthLimit() {
        // The object is level 1, so 31 arrays inside it reach level 32.
        let inner = String(repeating: "[", count: 31) + "1" + String(repeating: "]", count: 31)
        let atLimit = #"{"serial_number":"ST-00000001","type":"x","a":"# + inner + "}"
        #expect(category(atLimit) == nil)
        let overLimit = #"{"serial_number":"ST-00000001","type":"x","a":["# + inner + "]}"
        #expect(category(overLimit) == "too_deep")
    }

    @Test("8 KiB pass, one byte more is rejected")
    func sizeLimit() {
        let base = #"{"serial_number":"ST-00000001","type":"evt_precip","evt":[1705333920],"pad":""}"#
        let padding = String(repeating: "a", count: 8192 - base.utf8.count)
        let atLimit = base.replacingOccurrences(of: #""pad":"""#, with: #""pad":""# + padding + #"""#)
        #expect(atLimit.utf8.count == 8192)
        #expect(category(atLimit) == nil)
        #expect(category(atLimit + " ") == "too_large")
    }

    @Test("invalid JSON forms are rejected", arguments: [
        #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":+1}"#, #"{"a":1e}"#, #"{"a":tru}"#, #"{"a":"\x"}"#,
        #"{"a":"\u12"}"#, "{\"a\":\"tab\there\"}", #"{"a":1,}"#, #"{"a" 1}"#, #"{a:1}"#, #"{"a":[1,]}"#, "{",
    ])
    func invalidJSON(text: String) {
        #expect(category(text) == "invalid_json")
    }

    @Test("overlong and surrogate UTF-8 encodings are rejected")
    func invalidUTF8() {
        for bytes: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
            let datagram = Array(#"{"serial_number":"ST-1","type":"x","a":""#.utf8) + bytes + Array(#""}"#.utf8)
            guard case .rejected(let error) = decoder.decode(datagram) else {
                Issue.record("accepted \(bytes)")
                continue
            }
            #expect(error.category == .invalidUTF8)
        }
        let valid = Array(#"{"serial_number":"ST-1","type":"x","a":"é€😀"}"#.utf8)
        #expect(decoder.decode(valid) == .ignored(unknownType: "x"))
    }

    @Test("hub_sn must be a valid serial when present; null counts as absent")
    func hubSerial() throws {
        let bad = rapidWind.replacingOccurrences(of: "HB-00000001", with: "HB/+#")
        #expect(category(bad) == "invalid_serial_number")
        let null = rapidWind.replacingOccurrences(of: #""HB-00000001""#, with: "null")
        #expect(try decoded(null).0.envelope.hubSerialNumber == nil)
    }

    @Test("a repeated key: the last occurrence wins")
    func duplicateKeys() throws {
        let text = #"{"serial_number":"ST-00000009","type":"obs_st","type":"rapid_wind","ob":[1705334403,1,2]}"#
        #expect(try decoded(text).0.type == .rapidWind)
    }

    @Test("the decoder is reusable: many datagrams in a row give the same result each time")
    func reuse() {
        let first = decoder.decode(rapidWind)
        for _ in 0..<100 { #expect(decoder.decode(rapidWind) == first) }
    }
}

import Foundation
