// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage
import Synchronization
import TempestUDP

/// Where messages dated too far ahead go instead of the pipeline: the
/// `quarantine` table (the newest 1,000 kept), counted, never stored as
/// observations, never counted in daily totals, never published.
///
/// The listener judges UDP messages itself (`FutureTimestampRule`, before
/// its duplicate filter) and hands the rest here; messages from the REST
/// fallback and backfill are judged here by the clock alone (with the
/// clock implausible, before NTP set it, none is accepted: the cloud
/// cannot be reached over TLS with such a clock anyway). Both paths also
/// pass the device admission (`DeviceAdmission`).
public final class MessageQuarantine: Sendable {
    private let writer: StoreWriter
    private let rule: FutureTimestampRule
    private let admission: DeviceAdmission?
    private let cloudFuture = Atomic<Int>(0)
    private let cloudRefused = Atomic<Int>(0)

    /// A quarantine storing through `writer`, allowing `toleranceSeconds`
    /// ahead of the clock, admitting cloud messages through `admission`.
    public init(writer: StoreWriter, toleranceSeconds: Int64, admission: DeviceAdmission?) {
        self.writer = writer
        self.rule = FutureTimestampRule(toleranceSeconds: toleranceSeconds)
        self.admission = admission
    }

    /// REST messages quarantined since the start.
    public var cloudFutureCount: Int { cloudFuture.load(ordering: .relaxed) }
    /// REST messages refused as not the station's since the start.
    public var cloudRefusedCount: Int { cloudRefused.load(ordering: .relaxed) }

    /// Keeps a message the listener found dated too far ahead.
    public func keep(_ future: FutureMessage) {
        keep(future.message, text: future.datagram, source: .udp, receivedAt: future.receivedAt.secondsSince1970)
    }

    /// The part of a REST message to ingest, or nil: a part dated too far
    /// ahead of the clock is kept here, a device not the station's refused.
    public func admitCloud(_ message: TempestMessage, source: ObservationRecord.Source, now: Int64) -> TempestMessage? {
        guard admission?.admit(message.envelope, heardAtSeconds: now, claiming: false) ?? true else {
            cloudRefused.add(1, ordering: .relaxed)
            return nil
        }
        let parts = message.splitAt(latestSeconds: rule.latestAcceptableByClockSeconds(nowSeconds: now) ?? Int64.min)
        if let future = parts.future {
            cloudFuture.add(1, ordering: .relaxed)
            keep(future, text: future.canonicalJSON(), source: source, receivedAt: now)
        }
        guard let accepted = parts.accepted else { return nil }
        guard admission?.admit(accepted.envelope, heardAtSeconds: now, claiming: true) ?? true else {
            cloudRefused.add(1, ordering: .relaxed)
            return nil
        }
        return accepted
    }

    private func keep(_ message: TempestMessage, text: String, source: ObservationRecord.Source, receivedAt: Int64) {
        let record = QuarantineRecord(
            serial: message.envelope.serialNumber.rawValue, type: message.type.rawValue,
            timestamp: message.timestamp.secondsSince1970, receivedAt: receivedAt, source: source.name,
            reason: .futureTimestamp, message: text)
        // The store refuses only past its memory bound; a quarantined
        // message is then lost, as it should be before a good one.
        _ = try? writer.submit(.quarantine(record))
    }
}
