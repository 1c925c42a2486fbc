// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import TempestCloud
import TempestTestKit
import TempestUDP
import Testing

@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// Which stations and devices the cloud followers follow.
@Suite("Cloud device roster: the choice of stations and devices")
struct CloudDeviceRosterTests {
    private func device(_ id: Int, _ serial: String) -> Device {
        Device(id: id, serialNumber: SerialNumber(serial), deviceType: String(serial.prefix(2)))
    }

    private var backyard: Station {
        Station(id: 1, name: "Backyard", latitudeDegrees: 10, longitudeDegrees: 20, devices: [device(10, "HB-00000010"), device(11, "ST-00000011")])
    }

    private var cabin: Station {
        Station(
            id: 2, name: "Cabin", latitudeDegrees: 46.5, longitudeDegrees: 7.25,
            devices: [device(20, "HB-00000020"), device(21, "AR-00000021"), device(22, "SK-00000022")])
    }

    private func serials(_ outcome: CloudDeviceRoster.Outcome) -> [[String]] {
        guard case .following(let stations, _) = outcome else { return [] }
        return stations.map { $0.devices.map(\.serial.rawValue) }
    }

    @Test("every configured station by id, AIR and SKY included, hubs left out, with the station's id and coordinates")
    func configuredByID() throws {
        let outcome = CloudDeviceRoster.choose(
            from: [backyard, cabin], choices: [CloudStationChoice(stationID: 2), CloudStationChoice(stationID: 1)], heard: [])
        #expect(serials(outcome) == [["AR-00000021", "SK-00000022"], ["ST-00000011"]])
        guard case .following(let stations, let problems) = outcome else { throw CloudFollowerError("not following") }
        #expect(problems.isEmpty)
        let sky = try #require(stations.first?.devices.last)
        #expect(sky.deviceID == 22 && sky.stationID == 2 && sky.latitude == 46.5 && sky.longitude == 7.25)
        #expect(sky.hubSerial?.rawValue == "HB-00000020")
        #expect(stations.first?.rainSerials == ["SK-00000022"])
    }

    @Test("a station without an id is found by its serials; a missing one is a problem and the others are followed")
    func bySerialsAndMissing() {
        let outcome = CloudDeviceRoster.choose(
            from: [backyard, cabin],
            choices: [CloudStationChoice(serials: ["SK-00000022"]), CloudStationChoice(stationID: 99)], heard: [])
        #expect(serials(outcome) == [["AR-00000021", "SK-00000022"]])
        guard case .following(_, let problems) = outcome else { return #expect(Bool(false)) }
        #expect(problems == ["station 99 is not in this account; its stations: 1 Backyard, 2 Cabin"])
    }

    @Test("without configuration: the only station, else the one heard over UDP, else undecided")
    func unconfigured() {
        let none = [CloudStationChoice()]
        #expect(serials(CloudDeviceRoster.choose(from: [cabin], choices: none, heard: [])) == [["AR-00000021", "SK-00000022"]])
        #expect(serials(CloudDeviceRoster.choose(from: [backyard, cabin], choices: none, heard: ["ST-00000011"])) == [["ST-00000011"]])
        guard case .undecided(let reason) = CloudDeviceRoster.choose(from: [backyard, cabin], choices: none, heard: []) else {
            return #expect(Bool(false))
        }
        #expect(reason.contains("the account has 2 stations (1 Backyard, 2 Cabin)"))
    }

    @Test("the account is asked once; after forget() (a 404) it is asked again; devices() lists every followed device")
    func cachedUntilForgotten() async throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: RESTFixtures.twoStations))
        let client = WeatherFlowClient(
            token: try #require(APIToken("roster-token-1")), baseURL: server.baseURL,
            retryPolicy: RetryPolicy(maximumAttempts: 1, baseDelaySeconds: 0, maximumDelaySeconds: 0),
            requestTemplate: HTTPRequest(url: "", connectTimeoutSeconds: 2, totalTimeoutSeconds: 5))
        let roster = CloudDeviceRoster(
            client: client, choices: [CloudStationChoice(stationID: 55555), CloudStationChoice(stationID: 98765)], heardSerials: { [] })
        let devices = await roster.devices()
        #expect(devices?.map(\.serial.rawValue) == ["AR-00011111", "SK-00022222", "ST-00054321"])
        #expect(devices?.map(\.stationID) == [55555, 55555, 98765])
        _ = try await roster.resolve()
        #expect(server.requests.filter { $0.target.hasPrefix("/stations") }.count == 1)
        roster.forget()
        _ = try await roster.resolve()
        #expect(server.requests.filter { $0.target.hasPrefix("/stations") }.count == 2)
    }
}
