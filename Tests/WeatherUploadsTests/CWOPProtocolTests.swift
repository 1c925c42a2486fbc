// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import SystemSupport
import TempestTestKit
import Testing

@testable import WeatherUploads

@Suite struct CWOPProtocolTests {
    static let station = APRSWeatherReportTests.station

    /// A destination at `server` with short timeouts (half a second per step).
    static func destination(_ server: String, callsign: String = "CW1234", passcode: String? = nil) throws -> CWOPProtocol {
        try CWOPProtocol(
            callsign: callsign, passcode: passcode.map(Secret.init), station: station, server: server, connectTimeoutSeconds: 0.5,
            exchangeTimeoutSeconds: 0.5)
    }

    /// The error `send` threw, nil when it did not.
    static func failure(of destination: CWOPProtocol) async -> UploadError? {
        do {
            try await destination.send([APRSWeatherReportTests.knownReading()])
            return nil
        } catch {
            return error
        }
    }

    @Test func aCWOPIdLogsInWithMinusOneAndSendsAPacketWithThePosition() async throws {
        let standIn = try CWOPStandIn()
        defer { standIn.stop() }
        let destination = try Self.destination(standIn.server)
        #expect(!destination.acceptsPastReadings && destination.maximumReadingsPerSend == 1)
        try await destination.send([APRSWeatherReportTests.knownReading()])
        #expect(standIn.waitForPackets(timeoutSeconds: 5))
        let session = try #require(standIn.sessions.first)
        #expect(session.loginLine == "user CW1234 pass -1 vers tempest-gateway \(GatewayVersion.current)")
        let report = try APRSWeatherReportParser.parse(try #require(session.packetLine))
        #expect(report.source == "CW1234" && report.positionText == "4220.45N/07128.59W")
        #expect(abs(report.latitudeDegrees - 42.3408) < 0.0001 && abs(report.longitudeDegrees + 71.4765) < 0.0001)
        #expect(report.temperatureFahrenheit == 68 && report.pressureTenthsOfHectopascal == 10_009)
    }

    @Test func aHamCallsignWithItsPasscodeIsVerified() async throws {
        let standIn = try CWOPStandIn(verifiedPasscode: "13023")
        defer { standIn.stop() }
        try await Self.destination(standIn.server, callsign: "k1abc-13", passcode: "13023").send([APRSWeatherReportTests.knownReading()])
        #expect(standIn.waitForPackets(timeoutSeconds: 5))
        #expect(standIn.sessions.first?.loginLine == "user K1ABC-13 pass 13023 vers tempest-gateway \(GatewayVersion.current)")
        #expect(standIn.sessions.first?.packetLine?.hasPrefix("K1ABC-13>APRS,TCPIP*:@") == true)
    }

    @Test func anUnverifiedHamCallsignIsARejectedKeyAndSendsNoPacket() async throws {
        let standIn = try CWOPStandIn(verifiedPasscode: "13023")
        defer { standIn.stop() }
        let destination = try Self.destination(standIn.server, callsign: "K1ABC", passcode: "99999")
        let error = try #require(await Self.failure(of: destination))
        #expect(error.code == .rejectedKey)
        #expect(!error.description.contains("99999"))
        #expect(standIn.sessions.count == 1 && standIn.sessions.first?.packetLine == nil)

        let withoutPasscodeDestination = try Self.destination(standIn.server, callsign: "K1ABC")
        let withoutPasscode = try #require(await Self.failure(of: withoutPasscodeDestination))
        #expect(withoutPasscode.code == .rejectedKey)
        #expect(withoutPasscode.detail.contains("passcode"))
    }

    @Test func aRefusedConnectionIsUnreachable() async throws {
        let standIn = try CWOPStandIn(mode: .refuse)
        defer { standIn.stop() }
        let destination = try Self.destination(standIn.server, callsign: "K1ABC", passcode: "24680")
        let error = try #require(await Self.failure(of: destination))
        #expect(error.code == .unreachable)
        #expect(error.detail.contains(standIn.server) && !error.description.contains("24680"))
    }

    @Test func nothingListeningIsUnreachable() async throws {
        let destination = try Self.destination("127.0.0.1:\(try FreePort.tcp())")
        let error = try #require(await Self.failure(of: destination))
        #expect(error.code == .unreachable)
    }

    @Test func aSilentServerIsUnreachableWithinTheTimeout() async throws {
        let standIn = try CWOPStandIn(mode: .neverAnswer)
        defer { standIn.stop() }
        let destination = try Self.destination(standIn.server, callsign: "K1ABC", passcode: "24680")
        let error = try #require(await Self.failure(of: destination))
        #expect(error.code == .unreachable)
        #expect(error.detail.contains("banner") && !error.description.contains("24680"))
        #expect(standIn.acceptedCount == 1)
    }

    @Test func aCancelledSendStopsWaiting() async throws {
        let standIn = try CWOPStandIn(mode: .neverAnswer)
        defer { standIn.stop() }
        // Timeouts far longer than the test: only the cancellation can end the wait.
        let destination = try CWOPProtocol(
            callsign: "CW1234", passcode: nil, station: Self.station, server: standIn.server, connectTimeoutSeconds: 600, exchangeTimeoutSeconds: 600)
        let task = Task { await Self.failure(of: destination) }
        for _ in 0..<500 where standIn.acceptedCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let error = try #require(await task.value)
        #expect(error.code == .unreachable && error.detail.contains("stopped"))
    }

    @Test func aDestinationWithoutAPositionOrWithABadIdIsAConfigurationError() {
        let noPosition = UploadStation(latitudeDegrees: 42.3408, longitudeDegrees: nil, elevationMeters: 98, name: "test")
        do {
            _ = try CWOPProtocol(callsign: "CW1234", passcode: nil, station: noPosition)
            Issue.record("a station without a position was taken")
        } catch {
            #expect(error.kind == .missingPosition && error.description.contains("CWOP needs station.latitude and station.longitude"))
        }
        #expect(throws: APRSWeatherReportError.self) { try CWOPProtocol(callsign: "CW 1234", passcode: nil, station: Self.station) }
        #expect(throws: APRSWeatherReportError.self) { try CWOPProtocol(callsign: "CW1234", passcode: nil, station: Self.station, server: "cwop.aprs.net") }
    }

    @Test func callsignsAndServersAreRead() {
        #expect(CWOPProtocol.isCWOPIdentifier("CW1234") && CWOPProtocol.isCWOPIdentifier("EW0001") && CWOPProtocol.isCWOPIdentifier("DW5678"))
        #expect(!CWOPProtocol.isCWOPIdentifier("K1ABC") && !CWOPProtocol.isCWOPIdentifier("DW1ABC"))
        #expect(CWOPProtocol.isCallsign("K1ABC-13") && CWOPProtocol.isCallsign("CW1234") && !CWOPProtocol.isCallsign("TOOLONG1"))
        #expect(!CWOPProtocol.isCallsign("K1ABC-") && !CWOPProtocol.isCallsign(""))
        #expect(CWOPProtocol.hostAndPort(CWOPProtocol.defaultServer)! == ("cwop.aprs.net", 14_580))
        #expect(CWOPProtocol.hostAndPort("[::1]:14580")! == ("::1", 14_580))
        #expect(CWOPProtocol.hostAndPort("cwop.aprs.net:0") == nil && CWOPProtocol.hostAndPort(":14580") == nil)
    }
}
