// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestCloud
import WebSocket

extension WebSocketFollower {
    /// How a connection ended.
    enum SessionEnd {
        /// The follower was stopped.
        case stopped
        /// It failed or was dropped after being up this long; `tokenRefused`:
        /// the handshake said 401/403.
        case failed(upSeconds: Double, tokenRefused: Bool)
    }

    /// The connection loop, on the follower's thread: connect, follow,
    /// back off, until stopped.
    func loop() {
        var backoff = WebSocketBackoff(
            initialSeconds: settings.backoffInitialSeconds, maximumSeconds: settings.backoffMaximumSeconds, random: random)
        var delay = 0.0
        while !isStopping {
            if delay > 0 {
                pause(delay)
                delay = 0
                continue
            }
            guard let devices = memory.withLock({ $0.devices }), !devices.isEmpty else {
                pause(1)  // the device list is read on the async side
                continue
            }
            switch session(devices) {
            case .stopped:
                memory.withLock { memory in
                    memory.report.connected = false
                    memory.report.connectedSince = nil
                }
                return
            case .failed(let upSeconds, let tokenRefused):
                if upSeconds >= settings.stableSeconds { backoff.reset() }
                delay = tokenRefused ? settings.backoffMaximumSeconds : backoff.next()
                memory.withLock { memory in
                    memory.report.reconnectCount += 1
                    memory.report.connected = false
                    memory.report.connectedSince = nil
                    for serial in memory.report.devices.keys { memory.report.devices[serial]?.subscribed = false }
                }
                logger.debug("WeatherFlow WebSocket: reconnecting in \(Int(delay.rounded(.up))) seconds")
            }
        }
    }

    /// Waits `seconds` in slices, returning early when stopped.
    func pause(_ seconds: Double) {
        var remaining = seconds
        while remaining > 0 && !isStopping {
            let step = min(settings.receiveSliceSeconds, remaining)
            clock.sleep(step)
            remaining -= step
        }
    }

    /// One connection, from opening to its end.
    private func session(_ devices: [CloudDevice]) -> SessionEnd {
        let channel: any WebSocketChannel
        do {
            channel = try connect(urlWithToken())
        } catch {
            return failed(error, upSeconds: 0)
        }
        defer { channel.close() }
        let openedAt = clock.now()
        var link = WebSocketLink(
            channel: channel, decoder: LiveDecoder(devices: Self.liveDevices(devices)),
            subscriptions: WebSocketSubscriptions(firstSequence: memory.withLock { $0.sequence }), lastMessageAt: openedAt)
        defer { memory.withLock { $0.sequence = link.subscriptions.nextSequence } }

        // connection_opened, bounded
        while !link.opened {
            if isStopping { return .stopped }
            if clock.now() - openedAt >= settings.openedTimeoutSeconds {
                noteFailure("no connection_opened within \(Int(settings.openedTimeoutSeconds)) seconds; reconnecting")
                return .failed(upSeconds: clock.now() - openedAt, tokenRefused: false)
            }
            do {
                try receiveOne(&link)
            } catch {
                return failed(error, upSeconds: clock.now() - openedAt)
            }
        }
        let now = clock.now()
        memory.withLock { memory in
            memory.report.connected = true
            memory.report.connectedSince = Int64(now)
            memory.loggedError = nil  // a failure after this one is news again
        }
        logger.info("WeatherFlow WebSocket: connected; following \(devices.map(\.serial.rawValue).joined(separator: ", "))")
        do throws(WebSocketError) {
            try subscribe(devices, on: &link, boxes: true)
            while !isStopping {
                try receiveOne(&link)
                try checkAcks(&link)
                try checkIdle(&link)
                try followChanges(&link)
            }
        } catch {
            return failed(error, upSeconds: clock.now() - openedAt)
        }
        return .stopped
    }

    /// Reads one message (or none within the slice) and acts on it.
    private func receiveOne(_ link: inout WebSocketLink) throws(WebSocketError) {
        guard let message = try link.channel.receive(timeoutSeconds: settings.receiveSliceSeconds) else { return }
        link.lastMessageAt = clock.now()
        link.pingSentAt = nil
        switch message {
        case .text(let text): handle(text, &link)
        case .binary: noteMalformed("a binary message")
        }
    }

    /// Sends listen_start and listen_rapid_start for `devices`, and the
    /// nearby-strike boxes when asked.
    func subscribe(_ devices: [CloudDevice], on link: inout WebSocketLink, boxes: Bool) throws(WebSocketError) {
        let now = clock.now()
        for device in devices {
            try link.channel.send(text: link.subscriptions.text(for: .listenStart(deviceID: device.deviceID), at: now))
            try link.channel.send(text: link.subscriptions.text(for: .listenRapidStart(deviceID: device.deviceID), at: now))
            link.deviceIDs.insert(device.deviceID)
        }
        guard boxes, settings.nearbyStrikesKilometers > 0 else { return }
        var stations = Set<Int>()
        for device in devices {
            guard let latitude = device.latitude, let longitude = device.longitude, stations.insert(device.stationID).inserted else { continue }
            let box = GeoBox(
                stationID: device.stationID, centerLatitude: latitude, centerLongitude: longitude,
                radiusKilometers: settings.nearbyStrikesKilometers)
            try link.channel.send(text: link.subscriptions.text(for: .geoStrikeListenStart(box), at: now))
            link.decoder.geoBoxes.append(box)
        }
    }

    /// Asks once more for a request not acknowledged in time; gives up on
    /// the connection when the second ask is not either.
    private func checkAcks(_ link: inout WebSocketLink) throws(WebSocketError) {
        let now = clock.now()
        for overdue in link.subscriptions.takeOverdue(now: now, timeoutSeconds: settings.ackTimeoutSeconds) {
            let what = Self.describe(overdue.request)
            if overdue.retried {
                throw WebSocketError(.protocolViolation, "no ack for \(what) after asking twice; reconnecting")
            }
            logger.warning("WeatherFlow WebSocket: no ack for \(what) within \(Int(settings.ackTimeoutSeconds)) seconds; asking again")
            try link.channel.send(text: link.subscriptions.text(for: overdue.request, at: now, retried: true))
        }
    }

    /// A ping after a silence, a reconnect when the silence outlasts it.
    private func checkIdle(_ link: inout WebSocketLink) throws(WebSocketError) {
        let now = clock.now()
        if let pingSentAt = link.pingSentAt {
            if now - pingSentAt >= settings.pingTimeoutSeconds {
                throw WebSocketError(
                    .ioFailed, "no message for \(Int(now - link.lastMessageAt)) seconds, not even after a ping; reconnecting")
            }
        } else if now - link.lastMessageAt >= settings.idleSeconds {
            logger.debug("WeatherFlow WebSocket: no message for \(Int(now - link.lastMessageAt)) seconds; sending a ping")
            try link.channel.ping()
            link.pingSentAt = now
        }
    }

    /// Subscribes devices that joined the list and stops those that left it.
    private func followChanges(_ link: inout WebSocketLink) throws(WebSocketError) {
        guard let devices = memory.withLock({ $0.devices }) else { return }
        let wanted = Set(devices.map(\.deviceID))
        guard wanted != link.deviceIDs else { return }
        let added = devices.filter { !link.deviceIDs.contains($0.deviceID) }
        let now = clock.now()
        for deviceID in link.deviceIDs.subtracting(wanted).sorted() {
            try link.channel.send(text: link.subscriptions.text(for: .listenStop(deviceID: deviceID), at: now))
            try link.channel.send(text: link.subscriptions.text(for: .listenRapidStop(deviceID: deviceID), at: now))
            link.deviceIDs.remove(deviceID)
        }
        link.decoder.devices = Self.liveDevices(devices)
        try subscribe(added, on: &link, boxes: false)
        if !added.isEmpty { logger.info("WeatherFlow WebSocket: now also following \(added.map(\.serial.rawValue).joined(separator: ", "))") }
    }

    private func failed(_ error: WebSocketError, upSeconds: Double) -> SessionEnd {
        if case .handshakeRefused(let status) = error.code, status == 401 || status == 403 {
            noteFailure(
                "the server refused the API token (HTTP \(status)); check the token (weatherflow token file or setting); "
                    + "trying again every \(Int(settings.backoffMaximumSeconds)) seconds", level: .error)
            return .failed(upSeconds: upSeconds, tokenRefused: true)
        }
        noteFailure(error.code == .closedByPeer ? "the server closed the connection; reconnecting" : "\(error.message)")
        return .failed(upSeconds: upSeconds, tokenRefused: false)
    }

    static func liveDevices(_ devices: [CloudDevice]) -> [Int: LiveDevice] {
        var map: [Int: LiveDevice] = [:]
        for device in devices { map[device.deviceID] = LiveDevice(serial: device.serial, hubSerial: device.hubSerial) }
        return map
    }

    static func describe(_ request: LiveRequest) -> String {
        switch request {
        case .listenStart(let id), .listenStop(let id), .listenRapidStart(let id), .listenRapidStop(let id):
            "\(request.type) of device \(id)"
        case .geoStrikeListenStart(let box):
            "\(request.type) of station \(box.stationID)"
        }
    }
}
