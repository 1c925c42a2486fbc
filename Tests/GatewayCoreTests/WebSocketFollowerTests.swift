// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CloudFollowing
import GatewayCore
import Glibc
import JSON
import Pipeline
import Storage
import Synchronization
import TempestCloud
import TempestTestKit
import TempestUDP
import Testing
import WebSocket

/// The WebSocket follower against a scripted channel in process, writing
/// through the real ingestor into a real store; time is virtual.
@Suite struct WebSocketFollowerTests {
    static let start: Double = 1_710_383_200
    static let tokenText = "ws-secret-7f3e91"
    static let serial = WebSocketFixtures.serial
    static let second = CloudDevice(serial: SerialNumber("ST-00054322")!, deviceID: 211_523, hubSerial: SerialNumber("HB-00012345"), stationID: 4_021, latitude: 45.5, longitude: -122.6)
    static let first = CloudDevice(serial: SerialNumber(serial)!, deviceID: WebSocketFixtures.deviceID, hubSerial: SerialNumber("HB-00012345"), stationID: 4_021, latitude: 45.5, longitude: -122.6)

    /// A follower over fake channels, a store and a log.
    final class Harness: Sendable {
        let directory: TemporaryDirectory
        let writer: StoreWriter
        let activity = DeviceActivity()
        let ingestor: Ingestor
        let clock = VirtualClock(start: WebSocketFollowerTests.start)
        let log = LogRecorder()
        let follower: WebSocketFollower
        let channels = Locked<[FakeWebSocketChannel]>([])
        /// Virtual times of the connection attempts and the URLs asked for.
        let attempts = Locked<[(at: Double, url: String)]>([])
        let nearby = Locked<[NearbyStrike]>([])
        /// How often the follower asked for its devices.
        let deviceAsks = Locked(0)

        init(
            alwaysIngests: Bool = true, devices: [CloudDevice] = [WebSocketFollowerTests.first], radius: Double = 0,
            knownAfterAsking asks: Int = 0,
            makeChannel: @escaping @Sendable (Int) throws(WebSocketError) -> FakeWebSocketChannel = { _ in FakeWebSocketChannel() }
        ) throws {
            directory = try TemporaryDirectory()
            writer = try StoreWriter(path: directory.file("ws.db"))
            let ingestor = Ingestor(
                writer: writer, summaries: DailySummaryKeeper(timeZone: .utc), activity: activity, planner: RecordingSink(), site: nil,
                operatorLog: .silent)
            self.ingestor = ingestor
            let clock = clock
            let channels = channels
            let attempts = attempts
            let nearby = nearby
            let deviceAsks = deviceAsks
            var settings = WebSocketFollowerSettings(alwaysIngests: alwaysIngests, nearbyStrikesKilometers: radius)
            settings.devicesRetrySeconds = 0.01
            follower = WebSocketFollower(
                connect: { url throws(WebSocketError) in
                    let index = attempts.withLock { list in
                        list.append((clock.now, url))
                        return list.count - 1
                    }
                    let channel = try makeChannel(index)
                    channels.withLock { $0.append(channel) }
                    return channel
                },
                url: "wss://ws.example.invalid/swd/data", token: APIToken(WebSocketFollowerTests.tokenText)!,
                devices: {
                    let ask = deviceAsks.withLock { count in
                        count += 1
                        return count
                    }
                    return ask > asks ? devices : nil
                },
                settings: settings,
                activity: activity, logger: log.logger(), clock: clock.followerClock, random: { $0.upperBound },
                onNearbyStrike: { strike in nearby.withLock { $0.append(strike) } },
                ingest: { message, source in ingestor.ingest(message, source: source, receivedAt: Int64(clock.now), isLate: false) })
        }

        var channel: FakeWebSocketChannel? { channels.withLock { $0.last } }
        var connectCount: Int { attempts.withLock { $0.count } }

        /// Committed rows: observations and strikes of the first device.
        func stored() async throws -> (observations: [Int64], strikes: [LightningStrikeRecord]) {
            try await writer.flush()
            return try await writer.perform { store in
                (try store.observations(serial: WebSocketFollowerTests.serial, from: 0, to: .max).map(\.timestamp),
                 try store.lightningStrikes(from: 0, to: .max))
            }
        }
    }

    /// Waits (bounded: 10 s of real time) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// Runs `body` with the follower running, then stops it (bounded).
    static func running(_ harness: Harness, _ body: () async throws -> Void) async throws {
        let task = Task { await harness.follower.run() }
        defer { task.cancel() }
        try await body()
        task.cancel()
        await task.value
        harness.writer.shutdown()
    }

    @Test func subscribesEveryDeviceAndTheNearbyBoxOnConnect() async throws {
        let harness = try Harness(devices: [Self.first, Self.second], radius: 25)
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.channel?.sent.count ?? 0 >= 5 })
            let channel = try #require(harness.channel)
            #expect(channel.sentTypes.sorted() == [
                "geo_strike_listen_start", "listen_rapid_start", "listen_rapid_start", "listen_start", "listen_start",
            ])
            #expect(channel.ids(of: "listen_start", deviceID: 211_522).count == 1)
            #expect(channel.ids(of: "listen_start", deviceID: 211_523).count == 1)
            #expect(channel.ids(of: "listen_rapid_start", deviceID: 211_523).count == 1)
            let ids = channel.sent.compactMap { try? JSONValue.parse($0)["id"]?.stringValue }
            #expect(Set(ids).count == 5)
            // Every request acknowledged: both devices subscribed and connected.
            #expect(await Self.eventually { harness.follower.state.devices.values.allSatisfy(\.subscribed) })
            #expect(harness.follower.state.connected)
            #expect(harness.follower.state.devices.count == 2)
            // A nearby strike in the box is handed on under the station.
            channel.push(#"{"type":"geo_strike","lat":45.6,"lon":-122.5,"evt":[1710383170,9,512]}"#)
            #expect(await Self.eventually { harness.nearby.withLock { $0.count } == 1 })
            #expect(harness.nearby.withLock { $0.first?.stationID } == 4_021)
        }
    }

    @Test func devicesNotKnownYetAreAskedForAgainBeforeConnecting() async throws {
        let harness = try Harness(knownAfterAsking: 3)
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            #expect(harness.deviceAsks.withLock { $0 } == 4)
            #expect(harness.connectCount == 1)
        }
    }

    @Test func withoutConnectionOpenedWithinTenSecondsItReconnects() async throws {
        let harness = try Harness { index in FakeWebSocketChannel(opened: index > 0) }
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.connectCount == 1 })
            let silent = try #require(harness.channel)
            harness.clock.advance(by: 9)
            try? await Task.sleep(for: .milliseconds(50))
            #expect(harness.connectCount == 1)
            #expect(silent.sent.isEmpty)  // nothing asked before the server is ready
            harness.clock.advance(by: 2)
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            #expect(harness.connectCount == 2)
            #expect(silent.isClosed)
            #expect(harness.follower.state.lastError?.contains("no connection_opened within 10 seconds") == true)
        }
        #expect(!harness.follower.state.connected)
    }

    @Test func aMissingAckIsAskedForOnceThenTheConnectionIsReplaced() async throws {
        // The first connection never acknowledges listen_start of 211522; the second does.
        let harness = try Harness { index in
            FakeWebSocketChannel(withholdAck: { text in index == 0 && text.contains(#""type":"listen_start""#) })
        }
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.channel?.sent.count ?? 0 >= 2 })
            let channel = try #require(harness.channel)
            #expect(await Self.eventually { harness.follower.state.messagesByKind["ack"] == 1 })  // the rapid one
            #expect(harness.follower.state.devices[Self.serial]?.subscribed == false)
            harness.clock.advance(by: 16)
            #expect(await Self.eventually { channel.ids(of: "listen_start").count == 2 })
            let ids = channel.ids(of: "listen_start")
            #expect(ids[0] != ids[1])
            #expect(harness.log.lines.contains { $0.level == .warning && $0.text.contains("no ack for listen_start of device 211522") })
            #expect(harness.connectCount == 1)
            harness.clock.advance(by: 16)
            #expect(await Self.eventually { harness.connectCount == 2 })
            #expect(channel.isClosed)
            // The new connection subscribes again and is acknowledged.
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            #expect(harness.follower.state.reconnectCount == 1)
        }
    }

    @Test func reconnectsWithBackoffAndResubscribesAfterADrop() async throws {
        // Three refused connections, then good ones.
        let harness = try Harness { index throws(WebSocketError) in
            if index < 3 { throw WebSocketError(.connectFailed, "connection refused") }
            return FakeWebSocketChannel()
        }
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            let times = harness.attempts.withLock { $0.map(\.at) }
            #expect(times.count == 4)
            // The jitter source gives the ceiling: 1, 2, 4 seconds apart.
            #expect(zip(times.dropFirst(), times).map { $0 - $1 } == [1, 2, 4])
            #expect(harness.log.lines.filter { $0.text.contains("connection refused") }.count == 1)  // logged once
            let first = try #require(harness.channel)
            first.fail(WebSocketError(.closedByPeer, "closed"))
            #expect(await Self.eventually { harness.connectCount == 5 })
            // Up for less than a minute: the backoff goes on (8 s).
            let last = harness.attempts.withLock { $0[4].at - $0[3].at }
            #expect(last == 8)
            #expect(await Self.eventually { harness.channel !== first && harness.channel?.ids(of: "listen_start").count == 1 })
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            #expect(harness.follower.state.reconnectCount == 4)
            // A connection that stayed up a minute resets the backoff: the next wait is 1 s again.
            let fifth = try #require(harness.channel)
            harness.clock.advance(by: 61)
            fifth.push(WebSocketFixtures.rapidWind(1_710_383_300))
            #expect(await Self.eventually { harness.follower.state.messagesByKind["rapid_wind"] == 1 })
            fifth.fail(WebSocketError(.closedByPeer, "closed"))
            #expect(await Self.eventually { harness.connectCount == 6 })
            #expect(harness.attempts.withLock { $0[5].at - $0[4].at } == 62)
        }
    }

    @Test func anIdleConnectionIsPingedThenReplaced() async throws {
        let harness = try Harness()
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            let channel = try #require(harness.channel)
            harness.clock.advance(by: 59)
            try? await Task.sleep(for: .milliseconds(50))
            #expect(channel.pings == 0)
            harness.clock.advance(by: 2)
            #expect(await Self.eventually { channel.pings == 1 })
            harness.clock.advance(by: 16)
            #expect(await Self.eventually { harness.connectCount == 2 })
            #expect(channel.isClosed)
            #expect(harness.follower.state.lastError?.contains("not even after a ping") == true)
        }
    }

    @Test func alongsideUDPOnlyStrikesAreStoredWhileUDPIsFreshAndEverythingOnceItIsQuiet() async throws {
        let harness = try Harness(alwaysIngests: false)
        // The Tempest was just heard over UDP.
        let heard = TempestObservation(
            envelope: MessageEnvelope(serialNumber: SerialNumber(Self.serial)!),
            rows: [TempestObservation.Row(timestamp: UnixTimestamp(secondsSince1970: Int64(Self.start) - 60))])
        harness.activity.note(.tempestObservation(heard), receivedAt: Int64(Self.start), source: .udp)
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            let channel = try #require(harness.channel)
            channel.push(WebSocketFixtures.obsSt(1_710_383_160))
            channel.push(WebSocketFixtures.rapidWind(1_710_383_163))
            channel.push(WebSocketFixtures.rainStart(1_710_383_161))
            channel.push(WebSocketFixtures.enhancedStrike)
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.messages == 4 })
            var stored = try await harness.stored()
            #expect(stored.observations.isEmpty)
            #expect(stored.strikes.map(\.timestamp) == [1_710_383_159])
            #expect(harness.activity.device(serial: Self.serial)?.lastReceivedByType.contains { $0.type == "rapid_wind" } == false)
            #expect(harness.follower.state.devices[Self.serial]?.standsIn == false)
            #expect(harness.follower.isLive(serial: Self.serial))

            // UDP quiet for more than 3 minutes: the WebSocket stands in.
            harness.clock.advance(by: 200)
            channel.push(WebSocketFixtures.obsSt(1_710_383_380))
            channel.push(WebSocketFixtures.rapidWind(1_710_383_383))
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.messages == 6 })
            stored = try await harness.stored()
            #expect(stored.observations == [1_710_383_380])
            #expect(harness.activity.device(serial: Self.serial)?.lastReceivedByType.contains { $0.type == "rapid_wind" } == true)
            #expect(harness.activity.device(serial: Self.serial)?.source == "websocket")
            #expect(harness.follower.state.devices[Self.serial]?.standsIn == true)
            #expect(harness.log.lines.contains { $0.text.contains("taking its data from the WeatherFlow WebSocket") })
        }
    }

    @Test func malformedTextsAreCountedAndTheNextGoodOneIsStored() async throws {
        let harness = try Harness()
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.connected })
            let channel = try #require(harness.channel)
            channel.push("{not json")
            channel.push(#"{"type":"obs_st","device_id":211522,"obs":[[1710383100,0.1]]}"#)
            channel.pushBinary()
            channel.push(#"{"type":"rapid_wind","device_id":1e30,"ob":[1,2,3]}"#)
            channel.push(WebSocketFixtures.obsSt(1_710_383_160))
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.messages == 1 })
            #expect(harness.follower.state.malformedCount == 4)
            #expect(harness.follower.state.lastMalformedReason?.contains("device_id") == true)
            #expect(try await harness.stored().observations == [1_710_383_160])
            #expect(harness.connectCount == 1)
        }
    }

    @Test func theCachedObservationIsStoredOnce() async throws {
        let harness = try Harness()
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.connected })
            let channel = try #require(harness.channel)
            channel.push(WebSocketFixtures.obsSt(1_710_383_100, source: "cache"))
            channel.push(WebSocketFixtures.obsSt(1_710_383_100, source: "cache"))
            channel.push(WebSocketFixtures.obsSt(1_710_383_160))
            #expect(await Self.eventually { harness.follower.state.messagesByKind["obs_st"] == 3 })
            #expect(try await harness.stored().observations == [1_710_383_100, 1_710_383_160])
        }
    }

    @Test func aRefusedTokenIsLoggedOnceRetriedAtTheCapAndNeverShown() async throws {
        let harness = try Harness { index throws(WebSocketError) in
            // A careless lower layer that echoes the URL it was given.
            throw WebSocketError(.handshakeRefused(status: 401), "HTTP 401 from wss://ws.example.invalid/swd/data?token=\(Self.tokenText)")
        }
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.connectCount >= 3 })
            let attempts = harness.attempts.withLock { $0 }
            #expect(attempts[0].url == "wss://ws.example.invalid/swd/data?token=\(Self.tokenText)")
            #expect(attempts[1].at - attempts[0].at == 300)
            #expect(attempts[2].at - attempts[1].at == 300)
        }
        let errors = harness.log.lines.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.text.contains("refused the API token") == true)
        #expect(!harness.log.lines.contains { $0.text.contains(Self.tokenText) })
        let state = harness.follower.state
        #expect(state.lastError?.contains("401") == true)
        #expect(!"\(state)".contains(Self.tokenText))
        #expect(!state.connected)
    }

    @Test func cancellingClosesTheConnectionPromptly() async throws {
        let harness = try Harness()
        let task = Task { await harness.follower.run() }
        #expect(await Self.eventually { harness.follower.state.connected })
        let channel = try #require(harness.channel)
        #expect(!channel.isClosed)
        let cancelledAt = ContinuousClock.now
        task.cancel()
        await task.value
        // It ends, and the channel is closed: by design within the receive
        // slice (1 s) plus the close; the bound is loose because the suite
        // runs in parallel on 2 cores, where one run took 28 s (this checks
        // that the stop reaches the thread, not how fast).
        #expect(ContinuousClock.now - cancelledAt < .seconds(60))
        #expect(channel.isClosed)
        #expect(harness.connectCount == 1)
        harness.writer.shutdown()
    }

    @Test func isLiveOnlyWhileSubscribedAndRecentlyHeard() async throws {
        let harness = try Harness()
        try await Self.running(harness) {
            #expect(await Self.eventually { harness.follower.state.devices[Self.serial]?.subscribed == true })
            #expect(!harness.follower.isLive(serial: Self.serial))  // nothing heard yet
            harness.channel?.push(WebSocketFixtures.rapidWind(1_710_383_203))
            #expect(await Self.eventually { harness.follower.isLive(serial: Self.serial) })
            #expect(!harness.follower.isLive(serial: "ST-00099999"))
            harness.clock.advance(by: 181)
            #expect(!harness.follower.isLive(serial: Self.serial))
        }
    }
}
