// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import TempestCloud
import TempestUDP

extension WebSocketFollower {
    /// Decodes one text and acts on it.
    func handle(_ text: String, _ link: inout WebSocketLink) {
        let message: LiveMessage
        do {
            message = try link.decoder.decode(text, receivedAt: Int64(clock.now()))
        } catch {
            noteMalformed(error.reason)
            return
        }
        // Counted once handled, so a count seen means the message went through.
        defer { memory.withLock { $0.report.messagesByKind[message.kind, default: 0] += 1 } }
        switch message {
        case .connectionOpened:
            link.opened = true
        case .ack(let id):
            if case .listenStart(let deviceID) = link.subscriptions.acknowledge(id: id) {
                memory.withLock { memory in
                    for (serial, device) in memory.report.devices where device.deviceID == deviceID {
                        memory.report.devices[serial]?.subscribed = true
                    }
                }
            }
        case .device(let data):
            deliver(data)
        case .nearbyStrike(let strike):
            onNearbyStrike(strike)
        case .presence(let presence):
            logger.info(
                "WeatherFlow WebSocket: the cloud says \(presence.type.hasPrefix("evt_station") ? "station" : "device") \(presence.id.map(String.init) ?? "unnamed") is \(presence.isOnline ? "online" : "offline")")
        case .unknown(let type):
            logger.debug("WeatherFlow WebSocket: ignored a message of type \(type)")
        }
    }

    /// Ingests a device's data when the mode and its UDP say so; strikes always.
    private func deliver(_ data: LiveDeviceMessage) {
        let serial = data.message.envelope.serialNumber.rawValue
        let now = Int64(clock.now())
        memory.withLock { memory in
            if memory.report.devices[serial] == nil {
                memory.report.devices[serial] = WebSocketFollowerState.Device(deviceID: data.deviceID)
            }
        }
        let standsIn = settings.alwaysIngests || standsIn(serial: serial, now: now)
        if case .lightningStrike = data.message {
            ingest(data.message, .websocket)
        } else if standsIn, let fresh = newRows(of: data.message, serial: serial) {
            ingest(fresh, .websocket)
        }
        // Noted after the hand-over, so a count seen means the message went through.
        memory.withLock { memory in
            memory.report.devices[serial]?.lastMessageAt = now
            memory.report.devices[serial]?.messages += 1
            if settings.alwaysIngests && memory.report.devices[serial]?.standsIn == false {
                memory.report.devices[serial]?.standsIn = true
                memory.report.devices[serial]?.standsInSince = now
            }
        }
    }

    /// An observation message's rows newer than the newest handed over for
    /// `serial` (nil when none is: the cloud replays its cached row after
    /// every reconnect); any other message as it is. The store would keep
    /// one row either way, but the event would be published again.
    private func newRows(of message: TempestMessage, serial: String) -> TempestMessage? {
        guard message.carriesObservations else { return message }
        return memory.withLock { memory -> TempestMessage? in
            let newest = memory.report.devices[serial]?.newestObservationAt ?? .min
            guard let fresh = message.splitAt(latestSeconds: newest).future else {
                memory.report.devices[serial]?.repeatedObservations += 1
                return nil
            }
            memory.report.devices[serial]?.newestObservationAt = fresh.timestamp.secondsSince1970
            return fresh
        }
    }

    /// Whether the device's UDP is quiet, logging when that changes.
    private func standsIn(serial: String, now: Int64) -> Bool {
        let (silent, quiet) = settings.silence.check(serial: serial, activity: activity, now: now, startedAt: startedAt)
        let was = memory.withLock { memory -> Bool in
            let was = memory.report.devices[serial]?.standsIn ?? false
            if was != quiet {
                memory.report.devices[serial]?.standsIn = quiet
                memory.report.devices[serial]?.standsInSince = quiet ? now : nil
            }
            return was
        }
        if quiet && !was {
            logger.warning(
                "no observation from \(serial) over UDP for \(Plural.count(silent, "second")); taking its data from the WeatherFlow WebSocket until UDP returns")
        } else if !quiet && was {
            logger.notice("observations from \(serial) arrive over UDP again; its WebSocket data is no longer stored (lightning strikes still are)")
        }
        return quiet
    }

    /// Counts a text that could not be decoded; logs each distinct reason once.
    func noteMalformed(_ reason: String) {
        let isNew = memory.withLock { memory -> Bool in
            memory.report.malformedCount += 1
            memory.report.lastMalformedReason = reason
            defer { memory.loggedMalformed = reason }
            return memory.loggedMalformed != reason
        }
        if isNew { logger.warning("WeatherFlow WebSocket: ignored a message that cannot be read: \(reason)") }
    }
}
