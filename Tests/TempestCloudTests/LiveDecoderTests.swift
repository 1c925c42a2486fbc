// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestCloud
import TempestTestKit
import TempestUDP
import Testing

/// The WebSocket texts of spec section 8, decoded; bad ones refused with a reason.
@Suite struct LiveDecoderTests {
    let followed = LiveDecoder(devices: [
        WebSocketFixtures.deviceID: LiveDevice(serial: SerialNumber(WebSocketFixtures.serial)!, hubSerial: SerialNumber(WebSocketFixtures.hub)!)
    ])

    func device(_ text: String, _ decoder: LiveDecoder? = nil, receivedAt: Int64? = nil) throws -> LiveDeviceMessage {
        guard case .device(let message) = try (decoder ?? followed).decode(text, receivedAt: receivedAt) else {
            throw TestKitError("not device data: \(text)")
        }
        return message
    }

    @Test func connectionOpenedAndAck() throws {
        #expect(try followed.decode(WebSocketFixtures.connectionOpened) == .connectionOpened)
        #expect(try followed.decode(WebSocketFixtures.ack("tg-listen_start-7")) == .ack(id: "tg-listen_start-7"))
    }

    @Test func aCachedObservationWith22ValuesAndASummary() throws {
        let message = try device(WebSocketFixtures.obsSt(1_710_383_100, source: "cache"))
        #expect(message.isCacheReplay)
        #expect(message.deviceID == 211_522)
        guard case .tempestObservation(let observation) = message.message else { Issue.record("not obs_st"); return }
        #expect(observation.envelope.serialNumber.rawValue == "ST-00054321")
        #expect(observation.envelope.hubSerialNumber?.rawValue == "HB-00012345")
        #expect(observation.envelope.firmwareRevision == .text("176"))
        let row = try #require(observation.rows.first)
        #expect(row.timestamp.secondsSince1970 == 1_710_383_100)
        #expect(row.windSampleIntervalSeconds == 3)  // 3.0 on the wire
        #expect(row.airTemperatureCelsius == 21.4)
        #expect(row.reportIntervalMinutes == 1)
        #expect(row.localDayRainAccumulationMillimeters == 0)
        #expect(row.nearCastRainAccumulationMillimeters == nil)
        #expect(row.precipitationAnalysisType == 0)
        let live = try device(WebSocketFixtures.obsSt(1_710_383_160, source: "mqtt"))
        #expect(!live.isCacheReplay)
    }

    @Test func theSerialComesFromTheFollowedDeviceWhenTheMessageNamesNone() throws {
        let message = try device(WebSocketFixtures.obsSt(1_710_383_100, withSerial: false))
        #expect(message.message.envelope.serialNumber.rawValue == "ST-00054321")
        #expect(message.message.envelope.hubSerialNumber?.rawValue == "HB-00012345")
        #expect(message.message.envelope.firmwareRevision == nil)
        // An unfollowed device without a serial cannot be filed.
        #expect(throws: LiveMessageError.self) { try followed.decode(WebSocketFixtures.obsSt(1_710_383_100, deviceID: 9, withSerial: false)) }
        do {
            _ = try followed.decode(WebSocketFixtures.obsSt(1_710_383_100, deviceID: 9, withSerial: false))
        } catch {
            #expect(error.code == .unknownDevice)
        }
    }

    @Test func airAndSkyObservations() throws {
        let air = #"{"type":"obs_air","device_id":5,"serial_number":"AR-00004049","hub_sn":"HB-00000001","obs":[[1710383100,1009.4,18.5,61,0,0,3.46,1]],"firmware_revision":23}"#
        guard case .airObservation(let observation) = try device(air).message else { Issue.record("not obs_air"); return }
        #expect(observation.rows.first?.relativeHumidityPercent == 61)
        #expect(observation.envelope.firmwareRevision == .number(23))
        let sky = #"{"type":"obs_sky","device_id":6,"serial_number":"SK-00008453","obs":[[1710383100,9000,10,0.0,2.6,4.6,7.4,187,3.12,1,130,null,0,3]]}"#
        guard case .skyObservation(let skyObservation) = try device(sky).message else { Issue.record("not obs_sky"); return }
        #expect(skyObservation.rows.first?.windDirectionDegrees == 187)
    }

    @Test func rapidWind() throws {
        guard case .rapidWind(let wind) = try device(WebSocketFixtures.rapidWind(1_710_383_103)).message else {
            Issue.record("not rapid_wind")
            return
        }
        #expect(wind.timestamp.secondsSince1970 == 1_710_383_103)
        #expect(wind.windSpeedMetersPerSecond == 1.02)
        #expect(wind.windDirectionDegrees == 256)
    }

    @Test func strikesWithThreeAndFourValues() throws {
        guard case .lightningStrike(let plain) = try device(WebSocketFixtures.strike(1_710_383_150)).message else {
            Issue.record("not evt_strike")
            return
        }
        #expect(plain.distanceKilometers == 27)
        #expect(plain.energy == 3848)
        #expect(plain.cloudMark == nil)
        guard case .lightningStrike(let enhanced) = try device(WebSocketFixtures.enhancedStrike).message else {
            Issue.record("not evt_strike")
            return
        }
        #expect(enhanced.timestamp.secondsSince1970 == 1_710_383_159)
        #expect(enhanced.distanceKilometers == 13)
        #expect(enhanced.energy == -182)
        #expect(enhanced.cloudMark == .enhanced)
        let confirmed = #"{"type":"evt_strike","device_id":211522,"evt":[1710383159,13,-182,1]}"#
        guard case .lightningStrike(let marked) = try device(confirmed).message else { Issue.record("not evt_strike"); return }
        #expect(marked.cloudMark == .confirmed)
    }

    @Test func rainStartWithAndWithoutEvt() throws {
        guard case .rainStart(let event) = try device(WebSocketFixtures.rainStart(1_710_383_040)).message else {
            Issue.record("not evt_precip")
            return
        }
        #expect(event.timestamp.secondsSince1970 == 1_710_383_040)
        let timed = #"{"type":"evt_precip","device_id":211522,"timestamp":1710383040.0}"#
        guard case .rainStart(let bare) = try device(timed).message else { Issue.record("not evt_precip"); return }
        #expect(bare.timestamp.secondsSince1970 == 1_710_383_040)
        // The documented form has no time at all: dated when it arrived.
        guard case .rainStart(let arrived) = try device(WebSocketFixtures.rainStartBare, receivedAt: 1_710_383_045).message else {
            Issue.record("not evt_precip")
            return
        }
        #expect(arrived.timestamp.secondsSince1970 == 1_710_383_045)
        #expect(arrived.envelope.serialNumber.rawValue == "ST-00054321")
        // Without an arrival time either, it is refused with a reason rather than dated by guess.
        do {
            _ = try followed.decode(WebSocketFixtures.rainStartBare)
            Issue.record("a rain start without any time was accepted")
        } catch {
            #expect(error.code == .missingField)
            #expect(error.reason.contains("evt_precip"))
        }
    }

    @Test func presenceAndUnknownTypes() throws {
        #expect(try followed.decode(#"{"type":"evt_device_offline","device_id":211522}"#) == .presence(LivePresence(type: "evt_device_offline", id: 211_522)))
        #expect(try followed.decode(#"{"type":"evt_station_online","station_id":9}"#) == .presence(LivePresence(type: "evt_station_online", id: 9)))
        #expect(try followed.decode(#"{"type":"obs_nova","device_id":1}"#) == .unknown(type: "obs_nova"))
    }

    @Test func nearbyStrikesByPositionOrAfterABoxWasAskedFor() throws {
        let box = GeoBox(stationID: 77, centerLatitude: 45.5, centerLongitude: -122.6, radiusKilometers: 50)
        let decoder = LiveDecoder(devices: followed.devices, geoBoxes: [box])
        let positioned = #"{"type":"geo_strike","lat":45.6,"lon":-122.5,"evt":[1710383170,0,512],"source":"enhanced"}"#
        guard case .nearbyStrike(let strike) = try decoder.decode(positioned) else { Issue.record("not a nearby strike"); return }
        #expect(strike.stationID == 77)
        #expect(strike.latitude == 45.6)
        #expect(strike.cloudMark == .enhanced)
        // The distance was 0 in evt: kept as given.
        #expect(strike.distanceKilometers == 0)
        let unplaced = #"{"type":"evt_strike","device_id":99,"evt":[1710383171,12,88]}"#
        guard case .nearbyStrike(let other) = try decoder.decode(unplaced) else { Issue.record("not a nearby strike"); return }
        #expect(other.distanceKilometers == 12)
        #expect(other.latitude == nil)
        let computed = #"{"type":"strike","latitude":45.7,"longitude":-122.6,"timestamp":1710383172}"#
        guard case .nearbyStrike(let far) = try decoder.decode(computed) else { Issue.record("not a nearby strike"); return }
        #expect(abs((far.distanceKilometers ?? 0) - 22.2) < 0.2)
        // The station's own strikes stay its own.
        guard case .device = try decoder.decode(WebSocketFixtures.enhancedStrike) else { Issue.record("own strike taken as nearby"); return }
    }

    @Test func malformedTextsAreRefusedWithAReason() {
        let cases: [(String, LiveMessageError.Code)] = [
            ("not json at all", .notJSON),
            ("", .notJSON),
            (#"{"type":"obs_st","device_id":211522"#, .notJSON),
            ("[1,2,3]", .notAMessage),
            (#"{"device_id":211522}"#, .notAMessage),
            (#"{"type":7}"#, .notAMessage),
            (#"{"type":"ack"}"#, .missingField),
            (#"{"type":"obs_st","serial_number":"ST-00054321","obs":[[1710383100,0,0,0]]}"#, .missingField),
            (#"{"type":"obs_st","device_id":"211522","obs":[]}"#, .wrongType),
            (#"{"type":"obs_st","device_id":211522,"obs":"none"}"#, .wrongType),
            (#"{"type":"obs_st","device_id":211522,"obs":[[1710383100,0.1,0.2]]}"#, .badValue),
            (#"{"type":"obs_st","device_id":211522,"obs":[]}"#, .badValue),
            (#"{"type":"rapid_wind","device_id":211522,"ob":[1710383100,1.2]}"#, .badValue),
            (#"{"type":"rapid_wind","device_id":211522,"ob":["x",1.2,3]}"#, .wrongType),
            (#"{"type":"rapid_wind","device_id":211522,"ob":[1e300,1.2,3]}"#, .badValue),
            (#"{"type":"rapid_wind","device_id":211522,"ob":[-5,1.2,3]}"#, .badValue),
            (#"{"type":"evt_strike","device_id":211522,"evt":[1710383159,13]}"#, .badValue),
            (#"{"type":"evt_strike","device_id":211522,"evt":[1710383159,13,1,1,1]}"#, .badValue),
            (#"{"type":"evt_strike","evt":[1710383159,13,1]}"#, .missingField),
            (#"{"type":"rapid_wind","device_id":1e30,"ob":[1710383100,1.2,3]}"#, .badValue),
            (#"{"type":"rapid_wind","device_id":211522,"serial_number":12,"ob":[1710383100,1.2,3]}"#, .wrongType),
            (#"{"type":"rapid_wind","device_id":211522,"serial_number":"ST 1","ob":[1710383100,1.2,3]}"#, .badValue),
        ]
        for (text, code) in cases {
            do {
                let message = try followed.decode(text)
                Issue.record("accepted \(text) as \(message)")
            } catch {
                #expect(error.code == code, "\(text): \(error.reason)")
                #expect(!error.reason.isEmpty)
            }
        }
        // Deeply nested input is refused by the parser's bound, not by the stack.
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: LiveMessageError.self) { try followed.decode(deep) }
    }

    @Test func ofSeveralRowsTheGoodOnesAreKept() throws {
        let text = #"{"type":"obs_st","device_id":211522,"obs":[[1710383040,0.1],[1710383100,0.18,0.77,1.52,242,3,985.6,21.4,56,14330,1.25,119,0,0,0,0,2.61,1]]}"#
        guard case .tempestObservation(let observation) = try device(text).message else { Issue.record("not obs_st"); return }
        #expect(observation.rows.map(\.timestamp.secondsSince1970) == [1_710_383_100])
    }

    /// Rain NearCast analysed (types 1 and 2) lands in the NearCast fields
    /// and raw rain is unknown; without analysis (0, or none) it stays raw;
    /// the cloud's own NearCast fields win over the moved ones.
    @Test(arguments: [(1, true), (2, true), (0, false)])
    func webSocketRainIsKeptByItsKind(analysisType: Int, isNearCast: Bool) throws {
        let text = #"{"type":"obs_st","device_id":211522,"obs":[[1710383100,0.18,0.77,1.52,242,3,985.6,21.4,56,14330,1.25,119,0.42,1,0,0,2.61,1,3.5,null,null,\#(analysisType)]]}"#
        guard case .tempestObservation(let observation) = try device(text).message else { Issue.record("not obs_st"); return }
        let row = try #require(observation.rows.first)
        #expect(row.rainAccumulatedMillimeters == (isNearCast ? nil : 0.42))
        #expect(row.localDayRainAccumulationMillimeters == (isNearCast ? nil : 3.5))
        #expect(row.nearCastRainAccumulationMillimeters == (isNearCast ? 0.42 : nil))
        #expect(row.localDayNearCastRainAccumulationMillimeters == (isNearCast ? 3.5 : nil))

        let withOwn = #"{"type":"obs_sky","device_id":211522,"obs":[[1710383100,9000,1.5,0.2,2.6,4.6,7.4,187,3.12,1,130,4.8,1,3,0.25,5.1,\#(analysisType)]]}"#
        guard case .skyObservation(let sky) = try device(withOwn).message else { Issue.record("not obs_sky"); return }
        let skyRow = try #require(sky.rows.first)
        #expect(skyRow.rainAccumulatedMillimeters == (isNearCast ? nil : 0.2))
        #expect(skyRow.nearCastRainAccumulationMillimeters == 0.25)
        #expect(skyRow.localDayNearCastRainAccumulationMillimeters == 5.1)
    }

    @Test func requestsCarryTheirIdAndTheBoxIsClamped() {
        #expect(LiveRequest.listenStart(deviceID: 211_522).text(id: "a1") == #"{"type":"listen_start","device_id":211522,"id":"a1"}"#)
        #expect(LiveRequest.listenRapidStop(deviceID: 5).text(id: "b") == #"{"type":"listen_rapid_stop","device_id":5,"id":"b"}"#)
        let box = GeoBox(stationID: 1, centerLatitude: 60, centerLongitude: 10, radiusKilometers: 111.32)
        #expect(abs(box.latitudeMinimum - 59) < 1e-9 && abs(box.latitudeMaximum - 61) < 1e-9)
        #expect(abs(box.longitudeMinimum - 8) < 1e-9 && abs(box.longitudeMaximum - 12) < 1e-9)  // cos 60° = 0.5
        let polar = GeoBox(stationID: 2, centerLatitude: 89.9, centerLongitude: 179.5, radiusKilometers: 100)
        #expect(polar.latitudeMaximum == 90)
        #expect(polar.longitudeMinimum == -180 && polar.longitudeMaximum == 180)
        let edge = GeoBox(stationID: 3, centerLatitude: 0, centerLongitude: 179.5, radiusKilometers: 111.32)
        #expect(edge.longitudeMaximum == 180)
        let text = LiveRequest.geoStrikeListenStart(box).text(id: "g")
        #expect(text.hasPrefix(#"{"type":"geo_strike_listen_start","lat_min":59,"lat_max":61,"lon_min":"#))
        #expect(text.contains(#","lon_max":"#) && text.hasSuffix(#","id":"g"}"#))
    }
}
