// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Decides when a message is dated too far ahead to be believed, so that
/// one datagram from a wrong clock (or a forged one dated 2099) cannot
/// freeze a device's latest values, its daily totals or the late and
/// duplicate filters.
///
/// The rule, checked before the duplicate filter sees a message:
/// - While the gateway's clock is plausible (not before
///   `plausibleClockFloor`, 2025-01-01), a timestamp more than
///   `toleranceSeconds` ahead of the clock is in the future.
/// - While it is not (a Raspberry Pi without a real-time clock starts at
///   1970 until NTP sets it), the reference is the newest timestamp accepted
///   so far, of any device, moved on by the time elapsed since (monotonic
///   clock), so a quiet spell does not make the next genuine message look
///   early. Before anything was accepted there is nothing to judge by and
///   the message is accepted: it becomes the reference.
///
/// A clock that is plausible but behind (restored from a file at boot, not
/// yet set by NTP) makes genuine messages look early: they are kept in the
/// quarantine, not lost, until the clock is right.
public struct FutureTimestampRule: Sendable {
    /// How far ahead of the gateway's clock a timestamp may be by default:
    /// device clocks wobble by seconds, five minutes is no wobble.
    public static let defaultToleranceSeconds: Int64 = 300
    /// The earliest clock reading believed: 2025-01-01T00:00:00Z, before
    /// this version was built. A clock earlier than this was never set.
    public static let plausibleClockFloor = UnixTimestamp(secondsSince1970: 1_735_689_600)

    /// Seconds a timestamp may be ahead of the reference.
    public let toleranceSeconds: Int64
    private var newestAcceptedSeconds: Int64?
    private var newestAcceptedAtMonotonicSeconds: Double = 0

    /// A rule allowing `toleranceSeconds` (at least 0) ahead.
    public init(toleranceSeconds: Int64 = FutureTimestampRule.defaultToleranceSeconds) {
        self.toleranceSeconds = max(0, toleranceSeconds)
    }

    /// Whether `nowSeconds` (the system clock) can be believed.
    public static func clockIsPlausible(_ nowSeconds: Int64) -> Bool {
        nowSeconds >= plausibleClockFloor.secondsSince1970
    }

    /// The latest timestamp accepted now, or nil when anything is (an
    /// implausible clock and nothing accepted yet).
    public func latestAcceptableSeconds(nowSeconds: Int64, monotonicSeconds: Double) -> Int64? {
        if Self.clockIsPlausible(nowSeconds) { return nowSeconds + toleranceSeconds }
        guard let newestAcceptedSeconds else { return nil }
        let elapsed = Int64(max(0, monotonicSeconds - newestAcceptedAtMonotonicSeconds))
        return newestAcceptedSeconds + elapsed + toleranceSeconds
    }

    /// The clock rule alone, for sources that have no stream of accepted
    /// messages to judge by (the REST fallback and backfill): nil while the
    /// clock is implausible, when nothing can be accepted.
    public func latestAcceptableByClockSeconds(nowSeconds: Int64) -> Int64? {
        Self.clockIsPlausible(nowSeconds) ? nowSeconds + toleranceSeconds : nil
    }

    /// Notes a message's timestamp as accepted: the reference while the
    /// clock is implausible.
    public mutating func noteAccepted(_ timestamp: UnixTimestamp, monotonicSeconds: Double) {
        let seconds = timestamp.secondsSince1970
        let current = newestAcceptedSeconds.map { $0 + Int64(max(0, monotonicSeconds - newestAcceptedAtMonotonicSeconds)) }
        guard current.map({ seconds > $0 }) ?? true else { return }
        newestAcceptedSeconds = seconds
        newestAcceptedAtMonotonicSeconds = monotonicSeconds
    }
}
