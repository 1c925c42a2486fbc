// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import MQTTSink
import Storage
import Testing
@testable import CloudFollowing
@testable import Forecasting
@testable import GatewayCore
@testable import GatewayStatus
@testable import MQTTSink
@testable import Pipeline
@testable import WebPage

/// The rules of the publisher's parts, in process, with a fake MQTT client
/// instead of a broker (the end-to-end tests in `GatewayPublisherTests` use
/// a real mosquitto).
@Suite struct PublisherPartsTests {
    /// Outbox messages with ids `ids`, at `qos`.
    static func messages(_ ids: ClosedRange<Int64>, qos: Int = 1) -> [OutboxMessage] {
        ids.map { id in
            OutboxMessage(
                id: id, topic: "tempest/ST-00000001/obs_st", payload: Array("{\"id\":\(id)}".utf8), qos: qos,
                retain: false, priority: .observation, createdAt: 0)
        }
    }

    /// Sends `batch` as the publisher does, stopping at the first refusal;
    /// returns the ids delivered at QoS 0.
    @discardableResult
    static func send(_ batch: [OutboxMessage], _ outbox: inout OutboxDelivery, with client: FakeMQTTClient) -> [Int64] {
        var delivered: [Int64] = []
        for message in batch where !outbox.send(message, with: client, delivered: &delivered) {
            break
        }
        return delivered
    }

    @Test func outboxDeliveryStopsAtTheWindowAndResumesOnAcknowledgements() throws {
        let client = FakeMQTTClient()
        var outbox = OutboxDelivery(window: 4)

        let firstTaken = outbox.claimBatch()

        let first = try #require(firstTaken)
        #expect(first.afterID == 0 && first.room == 4)
        let second = outbox.claimBatch()
        #expect(second == nil, "one sender at a time")
        Self.send(Self.messages(1...4), &outbox, with: client)
        outbox.finishSending()
        #expect(outbox.inFlight.count == 4)
        let full = outbox.claimBatch()
        #expect(full == nil, "the window is full")

        // One acknowledgement: room for one, after the last id sent; the
        // pump is not woken until the window is half empty.
        let one = outbox.acknowledged(client.publications[0].messageID)
        #expect(one?.outboxID == 1 && one?.wake == false)
        let two = outbox.acknowledged(client.publications[1].messageID)
        #expect(two?.outboxID == 2 && two?.wake == true)
        let twice = outbox.acknowledged(client.publications[1].messageID)
        #expect(twice == nil, "acknowledged once")
        let next = outbox.claimBatch()
        #expect(next?.afterID == 4 && next?.room == 2)
    }

    @Test func aReconnectResendsTheOutboxFromItsStart() throws {
        let client = FakeMQTTClient()
        var outbox = OutboxDelivery(window: 10)
        let claimTaken = outbox.claimBatch()
        let claim = try #require(claimTaken)
        Self.send(Self.messages(1...3), &outbox, with: client)
        outbox.readToEnd(claim, sameConnection: true)
        outbox.finishSending()
        let none = outbox.claimBatch()
        #expect(none == nil, "read to its end, nothing new committed")

        outbox.connectionEnded()
        #expect(outbox.inFlight.isEmpty)
        let late = outbox.acknowledged(client.publications[0].messageID)
        #expect(late == nil, "a late PUBACK of the old connection")
        outbox.connected()
        let again = outbox.claimBatch()
        #expect(again?.afterID == 0 && again?.room == 10)
    }

    /// A commit's messages kept for the pump and claimed by it, as the
    /// publisher does (`committed`, then the pump's `deliverCommitted`).
    @discardableResult
    static func claimCommitted(_ outbox: inout OutboxDelivery, count: Int, connected: Bool) -> Bool {
        outbox.mayKeepCommitted(count: count, connected: connected) && outbox.claimKept()
    }

    @Test func aCommitSendsStraightAwayOnlyWhenEverythingOlderWasSent() throws {
        let client = FakeMQTTClient()
        var outbox = OutboxDelivery(window: 3)
        let early = Self.claimCommitted(&outbox, count: 1, connected: true)
        #expect(!early, "the outbox may hold older messages")

        let claimTaken = outbox.claimBatch()

        let claim = try #require(claimTaken)
        Self.send(Self.messages(1...1), &outbox, with: client)
        outbox.readToEnd(claim, sameConnection: true)
        outbox.finishSending()
        let tooMany = Self.claimCommitted(&outbox, count: 3, connected: true)
        #expect(!tooMany, "no room for all three")
        let byPump = outbox.claimBatch()
        #expect(byPump != nil, "the pump reads them instead")
        outbox.finishSending()

        // A read that raced with a commit leaves the outbox to be read again.
        let racedTaken = outbox.claimBatch()
        let raced = try #require(racedTaken)
        Self.claimCommitted(&outbox, count: 1, connected: true)
        outbox.readToEnd(raced, sameConnection: true)
        outbox.finishSending()
        let againTaken = outbox.claimBatch()
        let again = try #require(againTaken)
        outbox.readToEnd(again, sameConnection: true)
        outbox.finishSending()

        // Everything older sent and room for them: the commit sends its own.
        let disconnected = Self.claimCommitted(&outbox, count: 1, connected: false)
        #expect(!disconnected, "not while disconnected")
        let lastTaken = outbox.claimBatch()
        let last = try #require(lastTaken)
        outbox.readToEnd(last, sameConnection: true)
        outbox.finishSending()
        let fast = Self.claimCommitted(&outbox, count: 2, connected: true)
        #expect(fast)
        let other = outbox.claimBatch()
        #expect(other == nil, "the commit is the one sender")
    }

    @Test func qos0OutboxMessagesCountAsDeliveredWhenHandedOver() throws {
        let client = FakeMQTTClient()
        var outbox = OutboxDelivery(window: 3)
        let claimed = outbox.claimBatch()
        _ = try #require(claimed)
        let delivered = Self.send(Self.messages(5...7, qos: 0), &outbox, with: client)
        #expect(delivered == [5, 6, 7])
        #expect(outbox.inFlight.isEmpty)
        #expect(outbox.lastSentID == 7)
    }

    @Test func aRefusedMessageIsNotRecorded() throws {
        let client = FakeMQTTClient()
        var outbox = OutboxDelivery(window: 3)
        let claimed = outbox.claimBatch()
        _ = try #require(claimed)
        Self.send(Self.messages(1...1), &outbox, with: client)
        client.refusing = true
        Self.send(Self.messages(2...3), &outbox, with: client)
        #expect(outbox.inFlight.count == 1)
        #expect(outbox.lastSentID == 1)
    }

    @Test func valuesBeyondTheStateWindowWaitAndOnlyTheLatestIsSent() throws {
        let client = FakeMQTTClient()
        var retained = RetainedValues(stateWindow: 2, policy: RetainedValuePolicy(qos: 1))
        let topics = ["a", "b", "c"].map { RetainedTopic("tempest/ST-00000001/\($0)") }

        func update(_ topic: RetainedTopic, _ payload: String) {
            for value in retained.record([(topic, payload)]) {
                let accepted = retained.publishValue(value.topic, text: value.payload, with: client)
                #expect(accepted)
            }
        }
        update(topics[0], "1")
        update(topics[1], "1")
        update(topics[2], "1")
        update(topics[2], "2")
        update(topics[2], "3")
        update(topics[0], "1")  // unchanged: not sent again
        #expect(client.topics == [topics[0].text, topics[1].text])
        #expect(retained.pendingValues == [topics[2]])
        let noRoom = retained.takePending()
        #expect(noRoom == nil, "no room")

        let acknowledged = retained.acknowledged(client.publications[0].messageID)
        #expect(acknowledged)
        #expect(retained.isAtWakePoint)
        let takenTaken = retained.takePending()
        let taken = try #require(takenTaken)
        #expect(taken.map { $0.0 } == [topics[2]] && taken.map { $0.1 } == ["3"])
        for (topic, payload) in taken {
            let sent = retained.publishTaken(topic, text: payload, with: client)
            #expect(sent)
        }
        #expect(client.publications.last?.payload == "3")
        #expect(client.publications.count == 3)
        #expect(!retained.hasPending)
    }

    @Test func aReconnectRepublishesEveryValueThroughTheWindow() throws {
        let client = FakeMQTTClient()
        var retained = RetainedValues(stateWindow: 2, policy: RetainedValuePolicy(qos: 1))
        for field in ["a", "b", "c"] {
            _ = retained.record([(RetainedTopic("tempest/ST-00000001/\(field)"), field)])
        }
        let before = retained.beginRepublish()
        #expect(!before)
        retained.connected()
        let after = retained.beginRepublish()
        let twice = retained.beginRepublish()
        #expect(after && !twice)
        let firstTaken = retained.takePending()
        let first = try #require(firstTaken)
        #expect(first.count == 2)
        for (topic, payload) in first {
            let sent = retained.publishTaken(topic, text: payload, with: client)
            #expect(sent)
        }
        let full = retained.takePending()
        #expect(full == nil)
        retained.connectionEnded()
        let rest = retained.takePending()
        #expect(rest?.count == 1)
    }

    /// The commit's thread takes the awaiting values, then the receive
    /// thread records and sends a newer one before the commit's thread
    /// sends what it took: the broker must be left with the newer value.
    @Test func aValueTakenBeforeANewerOneWasSentLeavesAsTheNewer() {
        let client = FakeMQTTClient()
        var retained = RetainedValues(stateWindow: 10, policy: RetainedValuePolicy(qos: 1))
        let topic = RetainedTopic("tempest/ST-00000001/rain_today")
        retained.awaitCommit(retained.record([(topic, "0.3")]))
        let taken = retained.takeValuesAwaitingCommit(connected: true)
        for value in retained.record([(topic, "0.6")]) {
            _ = retained.publishValue(value.topic, text: value.payload, with: client)
        }
        for (topic, payload) in taken {
            _ = retained.publishValue(topic, text: payload, with: client)
        }
        #expect(client.publications.map(\.payload) == ["0.6", "0.6"])
    }

    @Test func valuesAwaitingACommitLeaveOnceInTheOrderTheyChanged() {
        var retained = RetainedValues(stateWindow: 10, policy: RetainedValuePolicy(qos: 1))
        let (a, b) = (RetainedTopic("tempest/x/a"), RetainedTopic("tempest/x/b"))
        let firstChange = retained.record([(b, "1"), (a, "1")])
        retained.awaitCommit(firstChange)
        let secondChange = retained.record([(b, "2")])
        retained.awaitCommit(secondChange)
        let values = retained.takeValuesAwaitingCommit(connected: true)
        #expect(values.map { "\($0.0.text)=\($0.1)" } == ["tempest/x/b=2", "tempest/x/a=1"])
        let again = retained.takeValuesAwaitingCommit(connected: true)
        #expect(again.isEmpty)
    }

    @Test func availabilityTurnsOfflineAfterTheAllowedSilence() throws {
        let discovery = HomeAssistantDiscovery(layout: TopicLayout(base: "tempest"))
        var homeAssistant = HomeAssistantAnnouncements(discovery: discovery)
        let device = HomeAssistantDiscovery.Device(serial: "ST-00000001")
        homeAssistant.note(device, receivedAt: 1_000, silenceAllowedSeconds: 60)
        let needed = homeAssistant.takePumpNeeded()
        let neededAgain = homeAssistant.takePumpNeeded()
        #expect(needed && !neededAgain)
        #expect(homeAssistant.secondsUntilSilence(now: 1_000) == 61)

        let topic = discovery.availability(serial: "ST-00000001")
        let heard = homeAssistant.availabilityChanges(now: 1_000)
        #expect(heard.map(\.payload) == ["online"])
        let stillAllowed = homeAssistant.availabilityChanges(now: 1_060)
        #expect(stillAllowed.isEmpty)
        let offline = homeAssistant.availabilityChanges(now: 1_061)
        #expect(offline.map(\.topic) == [topic] && offline.map(\.payload) == ["offline"])
        #expect(homeAssistant.secondsUntilSilence(now: 1_061) == nil, "nothing more to time")

        homeAssistant.note(device, receivedAt: 1_100, silenceAllowedSeconds: nil)
        let back = homeAssistant.takePumpNeeded()
        #expect(back, "it may be back online")
        let online = homeAssistant.availabilityChanges(now: 1_100)
        #expect(online.map(\.payload) == ["online"])
    }

    @Test func devicesAreAnnouncedOnceUnlessAllAreAsked() {
        var homeAssistant = HomeAssistantAnnouncements(discovery: HomeAssistantDiscovery(layout: TopicLayout()))
        homeAssistant.note(.init(serial: "ST-2"), receivedAt: 1, silenceAllowedSeconds: nil)
        homeAssistant.note(.init(serial: "ST-1"), receivedAt: 1, silenceAllowedSeconds: nil)
        #expect(homeAssistant.trackedDeviceCount == 4, "kept, and waiting to be announced")
        let new = homeAssistant.takeDevicesToAnnounce(all: false)
        #expect(Set(new.map(\.serial)) == ["ST-1", "ST-2"])
        let none = homeAssistant.takeDevicesToAnnounce(all: false)
        #expect(none.isEmpty)
        homeAssistant.note(.init(serial: "ST-1"), receivedAt: 2, silenceAllowedSeconds: nil)
        let unchanged = homeAssistant.takeDevicesToAnnounce(all: false)
        #expect(unchanged.isEmpty, "nothing new about it")
        homeAssistant.note(.init(serial: "ST-1", firmware: "176"), receivedAt: 3, silenceAllowedSeconds: nil)
        // A firmware learnt after the announcement goes in one config, not
        // in a second round of every config.
        #expect(homeAssistant.takeDevicesToAnnounce(all: false).isEmpty)
        let firmware = homeAssistant.takeFirmwareToAnnounce()
        #expect(firmware.map(\.serial) == ["ST-1"])
        #expect(firmware.first?.firmware == "176")
        #expect(homeAssistant.takeFirmwareToAnnounce().isEmpty)
        // A device not announced yet takes its firmware with its announcement.
        homeAssistant.note(.init(serial: "ST-3"), receivedAt: 3, silenceAllowedSeconds: nil)
        homeAssistant.note(.init(serial: "ST-3", firmware: "176"), receivedAt: 3, silenceAllowedSeconds: nil)
        #expect(homeAssistant.takeFirmwareToAnnounce().isEmpty)
        #expect(homeAssistant.takeDevicesToAnnounce(all: false).map(\.firmware) == ["176"])
        let all = homeAssistant.takeDevicesToAnnounce(all: true)
        #expect(all.count == 3)
        #expect(homeAssistant.isHomeAssistantOnline(topic: "homeassistant/status", payload: Array("online".utf8)))
        #expect(!homeAssistant.isHomeAssistantOnline(topic: "homeassistant/status", payload: Array("offline".utf8)))
        #expect(homeAssistant.isAnnounceCommand(topic: "tempest/gateway/command", payload: Array("announce".utf8)))
        #expect(!homeAssistant.isAnnounceCommand(topic: "tempest/gateway/command", payload: Array("reboot".utf8)))
        #expect(!homeAssistant.isAnnounceCommand(topic: "other/gateway/command", payload: Array("announce".utf8)))
    }

    @Test func withoutDiscoveryNoDeviceIsKept() {
        var homeAssistant = HomeAssistantAnnouncements(discovery: nil)
        homeAssistant.note(.init(serial: "ST-1"), receivedAt: 1, silenceAllowedSeconds: nil)
        #expect(homeAssistant.trackedDeviceCount == 0)
        let needed = homeAssistant.takePumpNeeded()
        #expect(!needed)
    }

    @Test func connectionFailuresAreLoggedOnceAKindThenEveryHundredth() {
        var connection = ConnectionSupervisor.State()
        var logged: [Int] = []
        var retriesEnded = false
        for attempt in 1...200 {
            let failure = connection.failed(description: "refused", endsRetries: false, now: 0)
            if failure.log { logged.append(attempt) }
            retriesEnded = retriesEnded || failure.retriesEnded
        }
        #expect(logged == [1, 100, 200])
        #expect(!retriesEnded)
        let other = connection.failed(description: "other", endsRetries: false, now: 0)
        #expect(other.log)
    }

    @Test func aFailureThatEndsRetriesRestartsTheClientAfterTheDelay() {
        var connection = ConnectionSupervisor.State()
        #expect(ConnectionSupervisor.endsRetries(.tls) && !ConnectionSupervisor.endsRetries(.connectionRefused))
        let ended = connection.failed(description: "tls", endsRetries: true, now: 100)
        let endedAgain = connection.failed(description: "tls", endsRetries: true, now: 101)
        #expect(ended.retriesEnded && !endedAgain.retriesEnded)
        #expect(connection.secondsUntilRestart(now: 110, delay: 30) == 20)
        let early = connection.takeRestart(now: 129, delay: 30)
        let due = connection.takeRestart(now: 130, delay: 30)
        let twice = connection.takeRestart(now: 131, delay: 30)
        #expect(!early && due && !twice)

        let epoch = connection.epoch
        _ = connection.failed(description: "tls", endsRetries: true, now: 200)
        connection.connected()
        #expect(connection.isConnected && connection.epoch != epoch)
        #expect(connection.secondsUntilRestart(now: 300, delay: 30) == nil)
        let afterConnect = connection.takeRestart(now: 300, delay: 30)
        #expect(!afterConnect, "connected: failures forgotten")
    }
}
