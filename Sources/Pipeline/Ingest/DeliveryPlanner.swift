// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import TempestCloud
import TempestUDP

/// Turns a message the ingestor is about to store into what the sinks
/// deliver once it is committed: writes committed with its facts (the MQTT
/// events' outbox rows) and a notice the writer hands to the sinks after
/// that commit (the latest values, the devices heard).
///
/// A sink family makes one (MQTT: `PublicationPlanner`) and the run hands
/// it to the ingestor at construction; the ingestor calls it without
/// knowing what it is. Nothing planned leaves before its commit.
public protocol DeliveryPlanner: Sendable {
    /// The deliveries of `message` (the copy that counts), or nil when it
    /// gives none now (a throttle holds rapid wind back).
    func plan(_ message: TempestMessage, context: DeliveryContext) -> PlannedDeliveries?

    /// Only that the message's devices spoke: for a message that counts for
    /// nothing (a strike kept back as a copy, or not confirmed).
    func planDevices(of message: TempestMessage, receivedAt: Int64) -> CommitNotice?

    /// The deliveries of a new strike of the cloud's nearby-strikes feed,
    /// committed with its row.
    func planNearbyStrike(_ strike: NearbyStrike, receivedAt: Int64) -> [StoreWrite]
}

/// What a planner is told of one message besides the message itself.
public struct DeliveryContext {
    /// Where it came from.
    public var source: ObservationRecord.Source
    /// When the gateway received it, epoch seconds.
    public var receivedAt: Int64
    /// Older than the device's newest: history, which gives events only.
    public var isLate: Bool
    /// Where its station stands (sea-level pressure), nil when unknown.
    public var site: DerivedObservation.Site?
    /// `mqtt.lightning_strikes = "confirmed"`: the observation's own strike
    /// count and distance are nobody's confirmation and are left out.
    public var confirmedStrikesOnly: Bool
    /// The pipeline's figures as of this message (daily totals, conditions).
    public var figures: DeliveryFigures
    /// The newest row's values the quality checks judged bad, with the
    /// reason: removed from the message, they are published as unknown, and
    /// so is what is derived from them.
    public var unknownValues: [String: QualityReason] = [:]
}

/// The pipeline's state beyond one message, read by a planner only for a
/// message it delivers: the daily totals and the station's conditions.
public struct DeliveryFigures {
    let summaries: DailySummaryKeeper
    let stationFigures: StationFigures?
    let now: Int64
    let isLate: Bool

    /// The time the figures are taken at: the message's own, never past the clock's tolerance.
    func asOf(_ message: TempestMessage) -> Int64 {
        min(message.timestamp.secondsSince1970, summaries.latestCountedSeconds(now: now))
    }

    /// The device's daily totals as of the message, nil for a message without observations.
    public func totals(for message: TempestMessage) -> CurrentTotals? {
        guard message.carriesObservations else { return nil }
        return summaries.current(serial: message.envelope.serialNumber.rawValue, now: asOf(message))
    }

    /// The station's conditions, trends and records after the message; nil for late messages.
    public func snapshot(for message: TempestMessage, totals: CurrentTotals?) -> StationSnapshot? {
        isLate ? nil : stationFigures?.snapshot(for: message, totals: totals, asOf: asOf(message))
    }
}

/// What a planner made of one message.
public struct PlannedDeliveries {
    /// Committed in the same transaction as the message's facts.
    public var writes: [StoreWrite]
    /// Handed to the sinks once they are committed.
    public var notice: CommitNotice?

    /// Makes one.
    public init(writes: [StoreWrite], notice: CommitNotice?) {
        self.writes = writes
        self.notice = notice
    }
}
