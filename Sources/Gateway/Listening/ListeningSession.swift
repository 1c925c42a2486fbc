import Glibc
import TempestUDP

/// Runs a `UDPListener` in the foreground until a time limit or a shutdown
/// signal, handing every event to a handler; shared by `listen` and `run`.
struct ListeningSession {
    /// Seconds of silence after which the usual causes are named.
    static let silenceHintSeconds = 15

    let configuration: UDPListenerConfiguration
    /// Stop after this many seconds; nil runs until SIGINT or SIGTERM.
    let durationSeconds: Int?
    let handler: @Sendable (ListenerEvent) -> Void
    /// When set, told READY once the socket is bound, and pinged for the
    /// watchdog only while the receive loop is alive.
    var notifier: SystemdNotifier? = nil
    /// The readiness status line for systemd.
    var readyStatus: String = "listening"
    /// Called once the socket is bound, before READY.
    var onStart: (@Sendable (UDPListener) -> Void)? = nil
    /// Asked every tenth of a second: true stops the session (the gateway's
    /// service group shutting down for another reason than a signal).
    var stopRequested: (@Sendable () -> Bool)? = nil

    /// Listens until done and returns the final counters.
    func run() async throws -> ListenerStatistics {
        let listener: UDPListener
        do {
            listener = try UDPListener(configuration: configuration)
            try listener.start(handler: handler)
        } catch {
            throw GatewayError.listenerFailed(error)
        }
        StandardOutput.errorLine(
            "Listening for Tempest hub broadcasts on UDP \(configuration.bindAddress):\(listener.boundPort)"
                + (durationSeconds.map { " for \($0) seconds" } ?? "; press Control-C to stop") + "."
        )
        onStart?(listener)
        notifier?.ready(status: readyStatus)
        let watchdogInterval = notifier != nil ? SystemdNotifier.watchdogIntervalSeconds : nil
        var lastPingTenths = 0
        var heartbeatAtLastPing = listener.receiveLoopHeartbeat
        var elapsedTenths = 0  // in steps of half a second: a quiet gateway wakes twice a second
        var hintGiven = false
        while durationSeconds.map({ elapsedTenths < $0 * 10 }) ?? true {
            if let signal = ShutdownSignal.requested {
                StandardOutput.errorLine("Stopping: received \(ShutdownSignal.name(signal)).")
                break
            }
            if stopRequested?() == true {
                StandardOutput.errorLine("Stopping: the gateway is shutting down.")
                break
            }
            // Ping at half the watchdog interval, and only if the receive loop
            // moved since the last ping: a dead or stuck loop lets systemd
            // restart the service instead of leaving it up and silent.
            if let watchdogInterval, Double(elapsedTenths - lastPingTenths) / 10 >= watchdogInterval / 2 {
                let heartbeat = listener.receiveLoopHeartbeat
                if heartbeat != heartbeatAtLastPing {
                    notifier?.watchdogPing()
                    heartbeatAtLastPing = heartbeat
                }
                lastPingTenths = elapsedTenths
            }
            try? await Task.sleep(nanoseconds: 500_000_000)
            elapsedTenths += 5  // pings need WatchdogSec of 3 s or more (the unit has far more)
            if !hintGiven && elapsedTenths >= ListeningSession.silenceHintSeconds * 10
                && listener.statistics.datagramsReceived == 0
            {
                hintGiven = true
                StandardOutput.errorLine(ListeningSession.silenceHint(port: listener.boundPort))
            }
        }
        notifier?.stopping()
        listener.stop()
        return listener.statistics
    }

    static func silenceHint(port: UInt16) -> String {
        """
        Nothing has arrived on UDP port \(port) in \(silenceHintSeconds) seconds. A hub broadcasts every 10 seconds, \
        so something is in the way. The usual causes:
          - the hub is on another VLAN or subnet: broadcasts do not cross routers;
          - the gateway runs in Docker with bridge networking: use host networking (network_mode: host);
          - a firewall drops UDP \(port): for example, sudo ufw allow \(port)/udp;
          - Wi-Fi client isolation (guest networks, some mesh systems) keeps devices from hearing each other;
          - the hub is offline: check it in the Tempest app.
        """
    }
}
