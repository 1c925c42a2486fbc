// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Logging
import Pipeline
import Storage
import Synchronization
import SystemSupport
import TempestCloud
import TempestUDP
import WebSocket

/// Follows the station's devices live over the WeatherFlow WebSocket (spec
/// section 8) and feeds what arrives into the same pipeline as UDP, as
/// source `websocket`.
///
/// **One connection for all devices.** On connect it waits for
/// `connection_opened` (10 s, else it reconnects), then sends
/// `listen_start` and `listen_rapid_start` for every device, and
/// `geo_strike_listen_start` for every station with a position when
/// `nearbyStrikesKilometers` > 0. Every request's `ack` is awaited 15 s;
/// a missing one is logged and asked for once more, still missing 15 s
/// later the connection is replaced. Devices added to or dropped from
/// `devices()` (read again every minute) are subscribed or stopped on the
/// open connection; new stations' boxes wait for the next connection.
///
/// **What it ingests.** Mode `websocket` (`alwaysIngests`): everything.
/// Mode `udp+websocket`: observations, rapid wind and rain starts only for
/// a device whose UDP is quiet (`UDPSilence`, the REST fallback's rule),
/// lightning strikes always, so the cloud's marks are recorded (the store
/// keeps one row per strike). Start and end of standing in are logged per
/// device. Nearby strikes go to `onNearbyStrike`. The cached observation
/// the server replays on `listen_start` is ingested like the rest (the
/// store drops it when the row is there). A text that cannot be decoded is
/// counted and logged (once per distinct reason); the next is read as usual.
///
/// **Timers and bounds.** No message for 60 s: a ping; still nothing 15 s
/// later: reconnect. Reconnects back off exponentially with full jitter, 1 s
/// doubling to 5 minutes, reset once a connection stayed up 60 s; a token
/// refused at the handshake (401/403) is logged once as an error and retried
/// every 5 minutes. The blocking connection runs on its own thread and
/// waits at most 1 s at a time, so a cancelled `run()` closes the
/// connection (the channel bounds the close handshake) within about a second.
///
/// The token goes into the URL's query only when connecting; it is in no
/// log line, state or error text (texts are scrubbed of it in case a lower
/// layer echoes it).
public final class WebSocketFollower: Sendable {
    /// Opens a WebSocket to a URL (the real one is `WebSocketConnection.open`).
    public typealias Connect = @Sendable (String) throws(WebSocketError) -> any WebSocketChannel
    /// The devices to follow; nil while not known yet (asked again later).
    public typealias Devices = @Sendable () async -> [CloudDevice]?
    /// Hands a message to the gateway's pipeline with its source.
    public typealias Ingest = @Sendable (TempestMessage, ObservationRecord.Source) -> Void

    struct Memory: Sendable {
        var devices: [CloudDevice]?
        var report: WebSocketFollowerState
        /// The last failure logged, to log each distinct one once.
        var loggedError: String?
        var loggedMalformed: String?
        /// Request ids go on counting across connections.
        var sequence = 0
    }

    let connect: Connect
    let url: String
    let token: APIToken
    let devices: Devices
    let settings: WebSocketFollowerSettings
    let activity: DeviceActivity
    let ingest: Ingest
    let onNearbyStrike: @Sendable (NearbyStrike) -> Void
    let logger: Logger
    let clock: WebSocketFollowerClock
    let random: @Sendable (ClosedRange<Double>) -> Double
    let startedAt: Int64
    let memory: Mutex<Memory>
    let stopping = Atomic<Bool>(false)

    /// Makes one; nothing happens before `run()`.
    /// - Parameters:
    ///   - url: the WebSocket URL without the token (`wss://ws.weatherflow.com/swd/data`).
    ///   - random: a number in the range, for the backoff's jitter.
    public init(
        connect: @escaping Connect, url: String, token: APIToken, devices: @escaping Devices, settings: WebSocketFollowerSettings,
        activity: DeviceActivity, logger: Logger, clock: WebSocketFollowerClock = .system,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
        onNearbyStrike: @escaping @Sendable (NearbyStrike) -> Void = { _ in }, ingest: @escaping Ingest
    ) {
        self.connect = connect
        self.url = url
        self.token = token
        self.devices = devices
        self.settings = settings
        self.activity = activity
        self.ingest = ingest
        self.onNearbyStrike = onNearbyStrike
        self.logger = logger
        self.clock = clock
        self.random = random
        self.startedAt = Int64(clock.now())
        self.memory = Mutex(Memory(report: WebSocketFollowerState(alwaysIngests: settings.alwaysIngests)))
    }

    /// What the follower is doing now.
    public var state: WebSocketFollowerState { memory.withLock { $0.report } }

    /// True while the device's data arrives here: connected, its
    /// `listen_start` acknowledged, and a message of it within the quiet
    /// window. The REST follower skips polling a device while this holds.
    public func isLive(serial: String) -> Bool {
        let now = Int64(clock.now())
        let allowed = settings.silence.allowedSeconds(activity.device(serial: serial))
        return memory.withLock { memory in
            guard memory.report.connected, let device = memory.report.devices[serial], device.subscribed,
                let last = device.lastMessageAt
            else { return false }
            return now - last <= allowed
        }
    }

    /// Follows until the task is cancelled: the connection on its own
    /// thread, the device list read here every minute (every 5 s while not
    /// known). Returns once the connection is closed. Call it once.
    public func run() async {
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.refreshDevices() }
                group.addTask { await self.runThread() }
                await group.waitForAll()
            }
        } onCancel: {
            stopping.store(true, ordering: .sequentiallyConsistent)
        }
    }

    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    private func refreshDevices() async {
        while !Task.isCancelled && !isStopping {
            let list = await devices()
            if let list {
                memory.withLock { memory in
                    memory.devices = list
                    for device in list where memory.report.devices[device.serial.rawValue] == nil {
                        memory.report.devices[device.serial.rawValue] = WebSocketFollowerState.Device(deviceID: device.deviceID)
                    }
                }
            }
            try? await Task.sleep(for: .seconds(list == nil ? settings.devicesRetrySeconds : settings.devicesRefreshSeconds))
        }
    }

    private func runThread() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            do {
                let thread = try NamedThread(named: "tg-websocket") {
                    self.loop()
                    done.resume()
                }
                thread.detach()
            } catch {
                logger.error("WeatherFlow WebSocket: cannot start its thread: \(error)")
                done.resume()
            }
        }
    }

    /// `text` without the token, should any layer have put it there.
    func scrubbed(_ text: String) -> String {
        token.withValue { value in text.replacing(value, with: "<redacted>") }
    }

    /// The URL to connect to, with the token in its query. Never logged or kept.
    func urlWithToken() -> String {
        Self.url(url, withToken: token)
    }

    /// `url` with `token` percent-encoded into its query, as the WeatherFlow
    /// WebSocket takes it; public so that `setup` opens the same URL the
    /// follower does. Never log or keep the result.
    public static func url(_ url: String, withToken token: APIToken) -> String {
        token.withValue { value in
            var encoded = ""
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = Array("0123456789ABCDEF".unicodeScalars)
                    encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
                }
            }
            return url + (url.contains("?") ? "&" : "?") + "token=" + encoded
        }
    }

    /// Records a failure for `status` and logs it once per distinct text.
    func noteFailure(_ text: String, level: Logger.Level = .warning) {
        let clean = scrubbed(text)
        let now = Int64(clock.now())
        let isNew = memory.withLock { memory -> Bool in
            memory.report.lastError = clean
            memory.report.lastErrorAt = now
            defer { memory.loggedError = clean }
            return memory.loggedError != clean
        }
        if isNew { logger.log(level: level, "WeatherFlow WebSocket: \(clean)") }
    }
}
