// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import Synchronization
import TempestUDP

/// Where every decoded message goes, whatever its source (UDP, the REST
/// fallback, the backfill): the pipeline's rules in one place.
///
/// - Every message is stored as received, with the daily summaries it moves.
/// - What counts and is published is the message corrected with its
///   station's calibration (`ObservationCorrector`): totals, highs, lows,
///   records, derived values and every outlet use the corrected values.
/// - Backfilled history is stored and counted, never published, and does
///   not count as a device being heard.
/// - What the outlets deliver of a message is planned by the planner the run
///   handed over (`DeliveryPlanner`), and submitted with the message's
///   facts: events as rows of the same transaction, the latest values and
///   the devices heard as a notice the writer hands to the outlets after that
///   commit. So nothing leaves before the facts it describes are durable,
///   under load too; and while the database cannot be written, nothing new
///   leaves (it goes with the commit once the disk can be written again).
/// - Late messages (older than the device's newest) are history: they give
///   events, never the latest values.
/// - Daily totals go with observations, as of the observation's own time,
///   never past the clock's tolerance.
/// - Each observation is judged as received (`QualityJudge`): its verdicts
///   are stored beside the raw row, and what counts and publishes is the
///   message with its bad values removed (unknown, never 0). Backfilled
///   history is not judged.
/// - A strike that arrives twice, from the station and from the WeatherFlow
///   cloud, is stored as one row, counted and published once
///   (`StrikeMemory`); with `mqtt.lightning_strikes = "confirmed"` only
///   strikes the cloud confirmed are counted and published, all are stored.
///
/// The ingestor only submits: the store commits, and the outlets read what was
/// committed. It does not know which outlets exist.
public final class Ingestor: Sendable {
    let writer: StoreWriter
    private let summaries: DailySummaryKeeper
    private let activity: DeviceActivity
    /// Plans what the outlets deliver of each message; nil: nothing is delivered.
    let planner: (any DeliveryPlanner)?
    /// Where the stations stand, for sea-level pressure; a reload may change it.
    private let sites: Mutex<StationSites>
    let refused = Atomic<Int>(0)
    let operatorLog: OperatorLog
    /// The nearby-strikes feed's recent strikes (`ingestNearbyStrike`).
    public let nearbyStrikes = NearbyStrikeTally()
    /// The conditions, trends and records beyond one message; nil: none published.
    private let figures: StationFigures?
    /// Each station's calibration, applied to what counts and is published.
    public let corrector: ObservationCorrector
    /// The recent strikes, for the same strike arriving twice.
    private let strikes = Mutex(StrikeMemory())
    /// `mqtt.lightning_strikes = "confirmed"`; a reload may change it.
    private let confirmedStrikesOnly: Atomic<Bool>
    /// Mode `websocket`: NearCast rain stands in for the gauge's, which
    /// the cloud does not send, in what counts and is published (never in
    /// what is stored).
    private let nearCastRainStandsIn: Bool
    /// The quality checks (`[quality]`).
    public let quality: QualityJudge

    /// An ingestor that stores through `writer` and submits with each
    /// message what `planner` plans for the outlets (nil: nothing).
    public init(
        writer: StoreWriter, summaries: DailySummaryKeeper, activity: DeviceActivity, planner: (any DeliveryPlanner)?,
        site: DerivedObservation.Site?, operatorLog: OperatorLog, figures: StationFigures? = nil,
        publishesConfirmedStrikesOnly: Bool = false, corrector: ObservationCorrector = ObservationCorrector(),
        nearCastRainStandsIn: Bool = false, quality: QualityJudge = QualityJudge()
    ) {
        self.corrector = corrector
        self.nearCastRainStandsIn = nearCastRainStandsIn
        self.quality = quality
        self.confirmedStrikesOnly = Atomic(publishesConfirmedStrikesOnly)
        self.figures = figures
        self.writer = writer
        self.summaries = summaries
        self.activity = activity
        self.planner = planner
        self.sites = Mutex(StationSites(first: site))
        self.operatorLog = operatorLog
        setPublishesConfirmedStrikesOnly(publishesConfirmedStrikesOnly)
    }

    /// Messages the store refused (its memory bound was reached).
    public var refusedCount: Int { refused.load(ordering: .relaxed) }

    /// Changes where the station stands (a reload set or changed the elevation).
    public func setSite(_ site: DerivedObservation.Site?) {
        setSites(StationSites(first: site))
    }

    /// Changes where each station stands (several stations: each device takes its own station's).
    public func setSites(_ sites: StationSites) {
        self.sites.withLock { $0 = sites }
    }

    /// Each device's site and the degree days' base for the daylight,
    /// sunshine and growers' figures (a reload may change them: from the
    /// next observation on).
    public func setGrowers(sites: DeviceSites, degreeDayBaseCelsius: Double) {
        summaries.setSites(sites)
        figures?.setGrowers(sites: sites, degreeDayBaseCelsius: degreeDayBaseCelsius)
    }

    /// Counts and publishes only the strikes the cloud confirmed (true), or
    /// all (`mqtt.lightning_strikes`; a reload may change it).
    /// The daily totals and conditions follow (see `DailyAccumulator`):
    /// with "confirmed" they count confirmed strike events instead of the
    /// observations' strike counts, which no one confirmed.
    public func setPublishesConfirmedStrikesOnly(_ confirmedOnly: Bool) {
        confirmedStrikesOnly.store(confirmedOnly, ordering: .relaxed)
        summaries.setCountsStrikeEvents(confirmedOnly)
        figures?.setConfirmedStrikesOnly(confirmedOnly)
    }

    /// Stores and counts one message received at `receivedAt` (the
    /// gateway's clock) and publishes it unless it is backfilled history.
    /// `outOfBounds` names the values the decoder discarded (a verdict each).
    public func ingest(
        _ message: TempestMessage, source: ObservationRecord.Source, receivedAt now: Int64, isLate: Bool, outOfBounds: [String] = []
    ) {
        if source != .backfill { activity.note(message, receivedAt: now, source: source) }
        // The raw message is stored and judged; its bad values count and publish as unknown.
        let verdicts = source == .backfill ? MessageVerdicts() : quality.judge(message, outOfBounds: outOfBounds)
        var writes = StoreWrites.writes(for: message, source: source, receivedAt: now) + verdicts.storeWrites
        let published = verdicts.removingBad(from: message)
        // What counts and publishes: the message, or for a strike its first
        // copy with the best mark, or nothing (a copy, or not confirmed).
        let counted = self.counted(published, source: source)
        // Its values with the station's calibration (the store keeps them
        // raw), and in mode websocket NearCast rain where no gauge rain is.
        let corrected = counted.map(corrector.corrected).map { nearCastRainStandsIn ? $0.withNearCastRainStandingIn() : $0 }
        if let corrected {
            let totals = summaries.ingest(corrected, now: now, suspectRain: SuspectRain(verdicts))
            let countedWrites = corrected != message ? StoreWrites.writes(for: corrected, source: source, receivedAt: now) : writes
            figures?.note(countedWrites + totals)
            writes += totals
        }
        var notice: CommitNotice?
        if source != .backfill, let planner {
            if let corrected {
                let context = DeliveryContext(
                    source: source, receivedAt: now, isLate: isLate,
                    site: sites.withLock { $0.site(for: message.envelope.serialNumber.rawValue) },
                    confirmedStrikesOnly: confirmedStrikesOnly.load(ordering: .relaxed),
                    figures: DeliveryFigures(summaries: summaries, stationFigures: figures, now: now, isLate: isLate),
                    unknownValues: verdicts.badFieldsOfNewestRow)
                if let planned = planner.plan(corrected, context: context) {
                    writes += planned.writes
                    notice = planned.notice
                }
            } else {
                // A strike kept back (a copy, or not confirmed): its device still spoke.
                notice = planner.planDevices(of: message, receivedAt: now)
            }
        }
        do {
            try writer.submit(writes, notice: notice)
        } catch {
            if refused.add(1, ordering: .relaxed).newValue == 1 {
                operatorLog.line("error: the store refused a message: \(error)")
            }
        }
    }

    /// `message` as it counts (see `StrikeMemory`): itself unless it is a strike.
    private func counted(_ message: TempestMessage, source: ObservationRecord.Source) -> TempestMessage? {
        guard case .lightningStrike(let event) = message else { return message }
        let confirmedOnly = confirmedStrikesOnly.load(ordering: .relaxed)
        let admitted = strikes.withLock {
            $0.admit(event, serial: message.envelope.serialNumber.rawValue, fromCloud: source == .websocket, confirmedOnly: confirmedOnly)
        }
        return admitted.map { .lightningStrike($0) }
    }
}
