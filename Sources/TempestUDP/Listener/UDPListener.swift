// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import Synchronization
import SystemSupport

/// Receives Tempest hub broadcasts on a UDP socket and hands decoded,
/// de-duplicated messages to a handler, and, with relay targets, forwards
/// the datagrams of those messages to them byte for byte (`DatagramRelay`).
///
/// The socket sets `SO_REUSEADDR` and `SO_REUSEPORT` so the gateway can share
/// port 50222 with Home Assistant's WeatherFlow integration or WeeWX on the
/// same host, and asks for a large receive buffer. A dedicated thread reads
/// datagrams (blocking I/O does not belong on Swift's small cooperative pool),
/// decodes each in place, applies the allow-lists and the duplicate filter,
/// counts everything, and calls the handler. No datagram, however malformed
/// or large, stops or stalls the loop: each is decoded with bounded work and
/// dropped if bad.
///
/// The handler runs on the receive thread: keep it short (enqueue, do not
/// block on the network), or datagrams will queue in the kernel buffer.
public final class UDPListener: Sendable {
    /// The configuration the listener was created with.
    public let configuration: UDPListenerConfiguration
    /// Which devices are the station's; nil admits every device.
    public let admission: DeviceAdmission?

    private struct State: ~Copyable {
        var socket: Int32 = -1
        var thread: NamedThread?
        var isStopping = false
        var boundPort: UInt16 = 0
    }

    private let state = Mutex(State())
    private let counters: Mutex<ListenerStatistics>
    private let loopRunning = Atomic<Bool>(false)
    private let busySinceNanoseconds = Atomic<UInt64>(0)
    private let allowedSources: Set<UInt32>

    /// Creates a listener; nothing is bound until `start`. With `admission`,
    /// messages from devices it refuses are counted and dropped before
    /// anything else keeps state for them.
    public init(
        configuration: UDPListenerConfiguration = UDPListenerConfiguration(), admission: DeviceAdmission? = nil
    ) throws(ListenerError) {
        self.configuration = configuration
        self.admission = admission
        counters = Mutex(ListenerStatistics(relayTargets: configuration.relayTargets))
        var sources = Set<UInt32>()
        for address in configuration.allowedSourceAddresses {
            guard let parsed = UDPListener.parseIPv4(address) else { throw .invalidSourceAddress(address) }
            sources.insert(parsed)
        }
        allowedSources = sources
    }

    deinit {
        stop()
    }

    /// The port actually bound (differs from the configuration's when it was 0).
    public var boundPort: UInt16 {
        state.withLock { $0.boundPort }
    }

    /// Whether the receive thread is alive and not stuck: it is waiting for a
    /// datagram, or has been handling one for less than `seconds`. A watchdog
    /// asks this instead of waking the thread on a timer, so a quiet listener
    /// costs no CPU; a loop that ended or hangs in its handler answers false.
    public func receiveLoopIsResponsive(withinSeconds seconds: Double) -> Bool {
        guard loopRunning.load(ordering: .relaxed) else { return false }
        let busySince = busySinceNanoseconds.load(ordering: .relaxed)
        guard busySince != 0 else { return true }
        return Double(MonotonicClock.nanoseconds() &- busySince) / 1_000_000_000 < seconds
    }

    /// The receive loop's marks: running or not, and since when it has been
    /// busy with a datagram (0 while it waits for one).
    func recordLoopRunning(_ running: Bool) {
        loopRunning.store(running, ordering: .relaxed)
    }

    func recordBusy(_ busy: Bool) {
        busySinceNanoseconds.store(busy ? MonotonicClock.nanoseconds() : 0, ordering: .relaxed)
    }

    /// A snapshot of the counters.
    public var statistics: ListenerStatistics {
        counters.withLock { $0 }
    }

    /// Binds the socket (errors surface here, synchronously) and starts the
    /// receive thread, which calls `handler` for every datagram it reads.
    public func start(handler: @escaping @Sendable (ListenerEvent) -> Void) throws(ListenerError) {
        let descriptor = try openSocket()
        let relayTargets = configuration.relayTargets
        var relaySocket: Int32 = -1
        if !relayTargets.isEmpty {
            do {
                relaySocket = try DatagramRelay.openSocket()
            } catch {
                close(descriptor)
                throw error
            }
        }
        let thread: NamedThread
        do {
            // The loop and its relay are made on its thread, which alone uses them.
            thread = try NamedThread(named: "udp-receive") { [relaySocket] in
                let relay = relaySocket >= 0 ? DatagramRelay(socket: relaySocket, targets: relayTargets) : nil
                ReceiveLoop(listener: self, socket: descriptor, relay: relay, handler: handler).run()
            }
        } catch {
            close(descriptor)
            if relaySocket >= 0 { close(relaySocket) }
            throw .threadFailed(errno: error.number)
        }
        state.withLock {
            $0.socket = descriptor
            $0.thread = thread
            $0.isStopping = false
        }
    }

    /// Stops the receive thread and closes the socket. Safe to call more
    /// than once. `shutdown(2)` wakes the thread from its blocking read (on
    /// Linux this works for UDP sockets too), so there is no read timeout to
    /// wait for, nor one that wakes a quiet listener every second.
    public func stop() {
        let (thread, socket): (NamedThread?, Int32) = state.withLock { state in
            state.isStopping = true
            let thread = state.thread
            state.thread = nil
            return (thread, state.socket)
        }
        if let thread {
            _ = shutdown(socket, Int32(SHUT_RD))
            thread.join()
        }
        state.withLock {
            if $0.socket >= 0 {
                close($0.socket)
                $0.socket = -1
            }
        }
    }

    var isStopping: Bool {
        state.withLock { $0.isStopping }
    }

    func isAllowed(source: UInt32) -> Bool {
        allowedSources.isEmpty || allowedSources.contains(source)
    }

    func updateCounters(_ body: (inout ListenerStatistics) -> Void) {
        counters.withLock { body(&$0) }
    }

    // MARK: - Socket

    private func openSocket() throws(ListenerError) -> Int32 {
        guard let address = UDPListener.parseIPv4(configuration.bindAddress) else {
            throw .invalidBindAddress(configuration.bindAddress)
        }
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .socketFailed("create a UDP socket", errno: errno) }
        do {
            try setOption(descriptor, SO_REUSEADDR, 1, step: "set SO_REUSEADDR")
            try setOption(descriptor, SO_REUSEPORT, 1, step: "set SO_REUSEPORT")
            // Best effort: the kernel caps the buffer at net.core.rmem_max.
            var bufferBytes = configuration.receiveBufferBytes
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &bufferBytes, socklen_t(MemoryLayout<Int32>.size))
            // Best effort: report the kernel's drop counter with each datagram.
            var enable: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RXQ_OVFL, &enable, socklen_t(MemoryLayout<Int32>.size))
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = configuration.port.bigEndian
            socketAddress.sin_addr.s_addr = address.bigEndian
            let bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                throw ListenerError.bindFailed(address: configuration.bindAddress, port: configuration.port, errno: errno)
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            let port = UInt16(bigEndian: socketAddress.sin_port)
            state.withLock { $0.boundPort = port }
        } catch let error as ListenerError {
            close(descriptor)
            throw error
        } catch {
            close(descriptor)
            throw .socketFailed("configure the socket", errno: errno)
        }
        return descriptor
    }

    private func setOption(_ descriptor: Int32, _ option: Int32, _ value: Int32, step: String) throws(ListenerError) {
        var value = value
        guard setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .socketFailed(step, errno: errno)
        }
    }

    /// Parses a dotted quad into a host-order address.
    static func parseIPv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var address: UInt32 = 0
        for part in parts {
            guard !part.isEmpty, part.count <= 3, let octet = UInt8(part) else { return nil }
            address = address << 8 | UInt32(octet)
        }
        return address
    }

    /// Formats a host-order address as a dotted quad.
    static func formatIPv4(_ address: UInt32) -> String {
        "\(address >> 24).\((address >> 16) & 0xFF).\((address >> 8) & 0xFF).\(address & 0xFF)"
    }
}
