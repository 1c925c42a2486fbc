// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport
import TempestUDP

/// Runs a `UDPListener` in the foreground until a time limit or a shutdown
/// signal, handing every event to a handler; shared by `listen` and `run`.
/// It wakes only for signals, stop requests and its own deadlines.
public struct ListeningSession: Sendable {
    /// Seconds of silence after which the usual causes are named.
    public static let silenceHintSeconds = 15

    public let configuration: UDPListenerConfiguration
    /// Stop after this many seconds; nil runs until SIGINT or SIGTERM.
    public let durationSeconds: Int?
    public let handler: @Sendable (ListenerEvent) -> Void
    /// When set, told READY once the socket is bound, and pinged for the
    /// watchdog only while the receive loop is alive.
    public var notifier: SystemdNotifier? = nil
    /// The readiness status line for systemd.
    public var readyStatus: String = "listening"
    /// Which devices are the station's (`run`); nil admits every device (`listen`).
    public var admission: DeviceAdmission? = nil
    /// The listener to start, made by the caller (`run`, whose status reads
    /// it from the start); nil: the session makes its own (`listen`).
    public let listener: UDPListener?
    /// Asked whenever the session wakes: true stops the session (the
    /// gateway's service group shutting down for another reason than a
    /// signal). Whoever sets it signals `wakeup` when it turns true.
    public var stopRequested: (@Sendable () -> Bool)? = nil
    /// Wakes the session to look at its signals and `stopRequested`. Between
    /// its deadlines (watchdog pings, the silence hint, the time limit) the
    /// session sleeps: no timer runs while the hub is quiet.
    public let wakeup = WakeupEvent()
    /// Where the session's sentences go (standard error in the CLI).
    public let operatorLog: OperatorLog
    /// The line said once the socket is bound, made from the port bound;
    /// nil says where it listens and for how long (`listen`, `run`).
    public var listeningLine: (@Sendable (_ boundPort: UInt16) -> String)? = nil
    /// False in `weatherflow.mode = "websocket"`: no socket is bound and the
    /// session only waits for the stop (the WebSocket follower brings the data).
    public var listensToUDP = true

    /// A session on `configuration` that hands every event to `handler`.
    public init(
        configuration: UDPListenerConfiguration, durationSeconds: Int?, operatorLog: OperatorLog, listener: UDPListener? = nil,
        handler: @escaping @Sendable (ListenerEvent) -> Void
    ) {
        self.configuration = configuration
        self.listener = listener
        self.durationSeconds = durationSeconds
        self.operatorLog = operatorLog
        self.handler = handler
    }

    /// Listens until done and returns the final counters.
    public func run() async throws -> ListenerStatistics {
        let forHowLong = durationSeconds.map { " for \(Plural.count($0, "second"))" } ?? "; press Control-C to stop"
        guard listensToUDP else {
            operatorLog.line("Not listening for UDP broadcasts (weatherflow.mode is websocket): running\(forHowLong).")
            notifier?.ready(status: readyStatus)
            await waitForStop(isAlive: { true })
            return ListenerStatistics()
        }
        let listener: UDPListener
        do {
            listener = try self.listener ?? UDPListener(configuration: configuration, admission: admission)
            try listener.start(handler: handler)
        } catch {
            throw GatewayError.listenerFailed(error)
        }
        operatorLog.line(
            listeningLine?(listener.boundPort)
                ?? "Listening for Tempest hub broadcasts on UDP \(configuration.bindAddress):\(listener.boundPort)\(forHowLong)."
        )
        notifier?.ready(status: readyStatus)
        // Ping the watchdog only while the receive loop is alive and not
        // stuck in a datagram: a dead or stuck loop lets systemd restart the
        // service instead of leaving it up and silent.
        await waitForStop(
            isAlive: { listener.receiveLoopIsResponsive(withinSeconds: SystemdNotifier.watchdogIntervalSeconds ?? 10) },
            silenceHintPort: listener.boundPort, datagramsReceived: { listener.statistics.datagramsReceived })
        notifier?.stopping()
        listener.stop()
        return listener.statistics
    }

    /// Sleeps until a signal, a stop request or the time limit, waking for
    /// watchdog pings (sent while `isAlive`) and, with a port, the silence hint.
    private func waitForStop(
        isAlive: () -> Bool, silenceHintPort: UInt16? = nil, datagramsReceived: () -> UInt64 = { 0 }
    ) async {
        let wakeup = self.wakeup
        SignalWakeups.observe { wakeup.signal() }
        let startedAt = MonotonicClock.seconds()
        let endAt = durationSeconds.map { startedAt + Double($0) }
        // Ping at half the watchdog interval.
        let watchdogInterval = notifier != nil ? SystemdNotifier.watchdogIntervalSeconds : nil
        var nextPingAt = watchdogInterval.map { startedAt + $0 / 2 }
        var hintAt: Double? = silenceHintPort.map { _ in startedAt + Double(ListeningSession.silenceHintSeconds) }
        while true {
            if let signal = ShutdownSignal.requested {
                operatorLog.line("Stopping: received \(ShutdownSignal.name(signal)).")
                break
            }
            if stopRequested?() == true {
                operatorLog.line("Stopping: the gateway is shutting down.")
                break
            }
            let now = MonotonicClock.seconds()
            if let endAt, now >= endAt { break }
            if let watchdogInterval, let pingAt = nextPingAt, now >= pingAt {
                if isAlive() { notifier?.watchdogPing() }
                nextPingAt = now + watchdogInterval / 2
            }
            if let due = hintAt, now >= due {
                hintAt = nil
                if let silenceHintPort, datagramsReceived() == 0 {
                    operatorLog.line(ListeningSession.silenceHint(port: silenceHintPort))
                }
            }
            let nextDeadline = [endAt, nextPingAt, hintAt].compactMap { $0 }.min()
            await wakeup.wait(untilMonotonicSeconds: nextDeadline)
        }
    }

    public static func silenceHint(port: UInt16) -> String {
        """
        Nothing has arrived on UDP port \(port) in \(Plural.count(silenceHintSeconds, "second")). A hub broadcasts every 10 seconds, \
        so something is in the way. The usual causes:
          - the hub is on another VLAN or subnet: broadcasts do not cross routers;
          - the gateway runs in Docker with bridge networking: use host networking (network_mode: host);
          - a firewall drops UDP \(port): for example, sudo ufw allow \(port)/udp;
          - Wi-Fi client isolation (guest networks, some mesh systems) keeps devices from hearing each other;
          - the hub is offline: check it in the Tempest app.
        Where broadcasts cannot reach the gateway, weatherflow.mode = "websocket" takes live data from the WeatherFlow cloud instead.
        """
    }
}
