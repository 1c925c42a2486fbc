// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// The body of the listener's receive thread. It owns the decoder, the
/// future-timestamp rule, the duplicate filter and the receive buffer, so
/// none of them is shared.
///
/// A decoded message passes, in order: the serial allow-list, the device
/// admission (a device that is not the station's is refused before any
/// table keeps state for it), the future-timestamp rule (a message dated
/// too far ahead goes to the quarantine and never reaches the duplicate
/// filter, whose "newest per stream" it would freeze), then the duplicate
/// filter. What all of them let through is admitted: with a relay, the
/// datagram goes to its targets as received, before the handler sees the
/// message.
///
/// Which datagrams are relayed, and why: those whose message the filter
/// calls fresh, and the late ones too (they are admitted: stored and
/// counted here, and a receiver keeps its own order), each whole, as it
/// came. Not relayed: rejected, unknown types, datagrams outside the
/// allow-lists, devices that are not the station's, duplicates, and a
/// datagram any part of which was quarantined as dated too far ahead (its
/// bytes cannot be split, and the future part would freeze a receiver's
/// "latest" as it would ours). An observation some of whose rows were
/// repeats is relayed whole: its new rows are needed, and a receiver that
/// sees a row twice sees the same values.
final class ReceiveLoop {
    /// Room for the largest possible UDP payload; anything over the decoder's
    /// 8 KiB cap is still read whole, then rejected as too large.
    static let bufferBytes = 65_536

    private let listener: UDPListener
    private let socket: Int32
    private let handler: @Sendable (ListenerEvent) -> Void
    private let relay: DatagramRelay?
    private let decoder = DatagramDecoder()
    private var filter: DuplicateFilter
    private var futureRule: FutureTimestampRule?
    private let allowedSerials: Set<String>

    init(
        listener: UDPListener, socket: Int32, relay: DatagramRelay? = nil, handler: @escaping @Sendable (ListenerEvent) -> Void
    ) {
        self.listener = listener
        self.socket = socket
        self.relay = relay
        self.handler = handler
        self.filter = DuplicateFilter(capacity: listener.configuration.duplicateFilterCapacity)
        self.allowedSerials = listener.configuration.allowedSerialNumbers
        self.futureRule = listener.configuration.futureToleranceSeconds.map { FutureTimestampRule(toleranceSeconds: $0) }
    }

    func run() {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: ReceiveLoop.bufferBytes, alignment: 16)
        defer { buffer.deallocate() }
        // Room for one SO_RXQ_OVFL control message (header + 4-byte counter).
        let controlBytes = 64
        let control = UnsafeMutableRawPointer.allocate(byteCount: controlBytes, alignment: 16)
        defer { control.deallocate() }

        listener.recordLoopRunning(true)
        defer { listener.recordLoopRunning(false) }
        while !listener.isStopping {
            listener.recordBusy(false)
            var source = sockaddr_in()
            var vector = iovec(iov_base: buffer, iov_len: ReceiveLoop.bufferBytes)
            let count: Int = withUnsafeMutablePointer(to: &source) { sourcePointer in
                withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_name = UnsafeMutableRawPointer(sourcePointer)
                    header.msg_namelen = socklen_t(MemoryLayout<sockaddr_in>.size)
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    header.msg_control = control
                    header.msg_controllen = controlBytes
                    let received = recvmsg(socket, &header, 0)
                    if received >= 0 { recordKernelDrops(control: control, length: Int(header.msg_controllen)) }
                    return received
                }
            }
            listener.recordBusy(true)
            // `stop()` shuts the socket down, which ends the read (with 0).
            if listener.isStopping { break }
            if count < 0 {
                // EINTR: a signal. Anything else: back off briefly, never spin.
                if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { usleep(10_000) }
                continue
            }
            process(UnsafeRawBufferPointer(start: buffer, count: count), source: UInt32(bigEndian: source.sin_addr.s_addr))
        }
    }

    private func process(_ datagram: UnsafeRawBufferPointer, source: UInt32) {
        guard listener.isAllowed(source: source) else {
            listener.updateCounters {
                $0.datagramsReceived += 1
                $0.notAllowed += 1
            }
            return
        }
        let sourceAddress = UDPListener.formatIPv4(source)
        switch decoder.decode(datagram) {
        case .rejected(let error):
            listener.updateCounters {
                $0.datagramsReceived += 1
                $0.rejected += 1
                $0.rejectedByCategoryIndex[error.category.index] += 1
            }
            handler(.rejected(error, sourceAddress: sourceAddress))
        case .ignored(let type):
            listener.updateCounters {
                $0.datagramsReceived += 1
                $0.unknownType += 1
            }
            handler(.ignored(unknownType: type, sourceAddress: sourceAddress))
        case .decoded(let decoded, let diagnostics):
            guard isAllowed(decoded.envelope) else {
                listener.updateCounters {
                    $0.datagramsReceived += 1
                    $0.notAllowed += 1
                }
                return
            }
            let now = ReceiveLoop.now()
            guard let (message, isWhole) = admitted(decoded, datagram: datagram, sourceAddress: sourceAddress, now: now)
            else { return }
            let admission = filter.admit(message)
            var relayed = false
            if let relay, isWhole {
                switch admission {
                case .fresh, .late:
                    relay.send(datagram)
                    relayed = true
                case .duplicate:
                    break
                }
            }
            listener.updateCounters {
                if relayed, let relay {
                    $0.relayed += 1
                    relay.record(into: &$0.relayTargets)
                }
                $0.datagramsReceived += 1
                $0.decoded += 1
                $0.rangeViolations += UInt64(diagnostics.rangeViolations.count)
                if diagnostics.hasUnexpectedSerialPrefix { $0.unexpectedSerialPrefix += 1 }
                switch admission {
                case .duplicate: $0.duplicates += 1
                case .late: $0.late += 1
                case .fresh: break
                }
            }
            let received: ReceivedMessage
            switch admission {
            case .duplicate:
                return
            case .fresh(let admitted):
                received = ReceivedMessage(
                    message: admitted, diagnostics: diagnostics, isLate: false, sourceAddress: sourceAddress,
                    receivedAt: now)
            case .late(let admitted):
                received = ReceivedMessage(
                    message: admitted, diagnostics: diagnostics, isLate: true, sourceAddress: sourceAddress,
                    receivedAt: now)
            }
            handler(.message(received))
        }
    }

    /// The part of `message` to go on to the duplicate filter, and whether
    /// it is the whole message, or nil: a device that is not the station's
    /// is counted and dropped; a part dated too far ahead is counted and
    /// handed over as `.future`.
    private func admitted(
        _ message: TempestMessage, datagram: UnsafeRawBufferPointer, sourceAddress: String, now: UnixTimestamp
    ) -> (message: TempestMessage, isWhole: Bool)? {
        let admission = listener.admission
        func refused() -> (message: TempestMessage, isWhole: Bool)? {
            listener.updateCounters {
                $0.datagramsReceived += 1
                $0.decoded += 1
                $0.unknownDevices += 1
            }
            return nil
        }
        if let admission, !admission.admit(message.envelope, heardAtSeconds: now.secondsSince1970, claiming: false) {
            return refused()
        }
        let monotonic = MonotonicClock.seconds()
        var accepted: TempestMessage? = message
        var isWhole = true
        if let rule = futureRule,
            let latest = rule.latestAcceptableSeconds(nowSeconds: now.secondsSince1970, monotonicSeconds: monotonic)
        {
            let parts = message.splitAt(latestSeconds: latest)
            accepted = parts.accepted
            if let future = parts.future {
                isWhole = false
                listener.updateCounters {
                    $0.futureTimestamps += 1
                    if parts.accepted == nil {
                        $0.datagramsReceived += 1
                        $0.decoded += 1
                    }
                }
                handler(
                    .future(
                        FutureMessage(
                            message: future, datagram: String(decoding: datagram, as: UTF8.self),
                            sourceAddress: sourceAddress, receivedAt: now)))
            }
        }
        guard let accepted else { return nil }
        if let admission, !admission.admit(accepted.envelope, heardAtSeconds: now.secondsSince1970, claiming: true) {
            return refused()
        }
        futureRule?.noteAccepted(accepted.timestamp, monotonicSeconds: monotonic)
        return (accepted, isWhole)
    }

    private func isAllowed(_ envelope: MessageEnvelope) -> Bool {
        guard !allowedSerials.isEmpty else { return true }
        if allowedSerials.contains(envelope.serialNumber.rawValue) { return true }
        if let hub = envelope.hubSerialNumber, allowedSerials.contains(hub.rawValue) { return true }
        return false
    }

    /// Reads the kernel's cumulative drop counter from an SO_RXQ_OVFL
    /// control message (Linux `cmsghdr`: length, level, type, then data
    /// aligned to the header size).
    private func recordKernelDrops(control: UnsafeMutableRawPointer, length: Int) {
        let headerSize = MemoryLayout<cmsghdr>.size
        var offset = 0
        while offset + headerSize <= length {
            let header = control.load(fromByteOffset: offset, as: cmsghdr.self)
            let messageLength = Int(header.cmsg_len)
            guard messageLength >= headerSize, offset + messageLength <= length else { return }
            if header.cmsg_level == SOL_SOCKET && header.cmsg_type == SO_RXQ_OVFL
                && messageLength >= headerSize + MemoryLayout<UInt32>.size
            {
                let drops = control.loadUnaligned(fromByteOffset: offset + headerSize, as: UInt32.self)
                listener.updateCounters { $0.kernelDrops = UInt64(drops) }
                return
            }
            offset += (messageLength + 7) & ~7
        }
    }

    static func now() -> UnixTimestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UnixTimestamp(secondsSince1970: Int64(time.tv_sec))
    }
}
