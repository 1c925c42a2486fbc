// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage
import Synchronization
import TempestUDP

/// Where every decoded message goes, whatever its source (UDP, the REST
/// fallback, the backfill): the pipeline's rules in one place.
///
/// - Every message is stored, with the daily summaries it moves.
/// - Backfilled history is stored and counted, never published, and does
///   not count as a device being heard.
/// - A message to publish adds its JSON events to the outbox in the same
///   submission as its facts, so an event never leaves without its facts
///   being durable. Rapid wind is throttled for publishing only
///   (`RapidWindThrottle`), never for storing.
/// - Late messages (older than the device's newest) are history: they give
///   events, never the latest values.
/// - Daily totals go with observations, as of the observation's own time,
///   never past the clock's tolerance.
/// - A strike that arrives twice, from the station and from the WeatherFlow
///   cloud, is stored as one row, counted and published once
///   (`StrikeMemory`); with `mqtt.lightning_strikes = "confirmed"` only
///   strikes the cloud confirmed are counted and published, all are stored.
///
/// The ingestor only submits: the store commits, and sinks read what was
/// committed.
public final class Ingestor: Sendable {
    let writer: StoreWriter
    private let summaries: DailySummaryKeeper
    private let activity: DeviceActivity
    let sink: (any RetainedStateSink)?
    private let throttle: RapidWindThrottle
    /// Where the stations stand, for sea-level pressure; a reload may change it.
    private let sites: Mutex<StationSites>
    let refused = Atomic<Int>(0)
    let operatorLog: OperatorLog
    /// The nearby-strikes feed's recent strikes (`ingestNearbyStrike`).
    public let nearbyStrikes = NearbyStrikeTally()
    /// Which devices are the station's; nil: every device. Messages reach
    /// the ingestor only from admitted devices, but their relaying hub is
    /// announced only when it is admitted too.
    private let admission: DeviceAdmission?
    /// The conditions, trends and records beyond one message; nil: none published.
    private let figures: StationFigures?
    /// The recent strikes, for the same strike arriving twice.
    private let strikes = Mutex(StrikeMemory())
    /// `mqtt.lightning_strikes = "confirmed"`; a reload may change it.
    private let confirmedStrikesOnly: Atomic<Bool>

    /// An ingestor that stores through `writer` and, when there is a sink,
    /// publishes through it, throttling rapid wind to one publication per
    /// `rapidWindIntervalSeconds` (0: all).
    public init(
        writer: StoreWriter, summaries: DailySummaryKeeper, activity: DeviceActivity, sink: (any RetainedStateSink)?,
        site: DerivedObservation.Site?, rapidWindIntervalSeconds: Int64, operatorLog: OperatorLog,
        admission: DeviceAdmission? = nil, figures: StationFigures? = nil, publishesConfirmedStrikesOnly: Bool = false
    ) {
        self.confirmedStrikesOnly = Atomic(publishesConfirmedStrikesOnly)
        self.admission = admission
        self.figures = figures
        self.writer = writer
        self.summaries = summaries
        self.activity = activity
        self.sink = sink
        self.throttle = RapidWindThrottle(intervalSeconds: rapidWindIntervalSeconds)
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
    public func ingest(_ message: TempestMessage, source: ObservationRecord.Source, receivedAt now: Int64, isLate: Bool) {
        if source != .backfill { activity.note(message, receivedAt: now, source: source) }
        var writes = StoreWrites.writes(for: message, source: source, receivedAt: now)
        // What counts and publishes: the message, or for a strike its first
        // copy with the best mark, or nothing (a copy, or not confirmed).
        let counted = self.counted(message, source: source)
        if let counted {
            let totals = summaries.ingest(counted, now: now)
            let countedWrites =
                message.isLightningStrike && counted != message
                ? StoreWrites.writes(for: counted, source: source, receivedAt: now) : writes
            figures?.note(countedWrites + totals)
            writes += totals
        }
        if source != .backfill, let sink, let counted, let published = throttle.admit(counted) {
            let message = counted
            let asOf = min(message.timestamp.secondsSince1970, summaries.latestCountedSeconds(now: now))
            let totals = message.carriesObservations
                ? summaries.current(serial: message.envelope.serialNumber.rawValue, now: asOf) : nil
            let snapshot = isLate ? nil : figures?.snapshot(for: message, totals: totals, asOf: asOf)
            let format = sink.format
            var publications = MessagePublications(
                published, layout: format.layout, source: source.name, receivedAt: now,
                site: sites.withLock { $0.site(for: message.envelope.serialNumber.rawValue) },
                totals: totals, qos: format.qos, units: format.units, compatibility: format.compatibility, snapshot: snapshot,
                highRateValues: format.highRateValues)
            if message.carriesObservations, confirmedStrikesOnly.load(ordering: .relaxed) {
                // The observation's own strike count and distance: no one confirmed them.
                let unconfirmed = ["lightning_strike_count", "lightning_strike_avg_distance"].map {
                    format.layout.retainedValue(serial: message.envelope.serialNumber.rawValue, field: $0)
                }
                publications.values.removeAll { unconfirmed.contains($0.topic) }
            }
            writes += publications.events.map { StoreWrite.outbox($0) }
            // At a station's pace the values leave with the commit's events
            // (one wake-up of the MQTT client for both); under load from
            // here, so that the writer, then the bottleneck, does not also
            // publish them.
            if !isLate { sink.update(values: publications.values, withNextCommit: writer.isIdle) }
            Self.noteDevices(of: message, receivedAt: now, sink: sink, admission: admission)
        } else if source != .backfill, let sink, counted == nil {
            // A strike kept back (a copy, or not confirmed): its device still spoke.
            Self.noteDevices(of: message, receivedAt: now, sink: sink, admission: admission)
        }
        do {
            try writer.submit(writes)
            // While the database cannot be written no commit comes: the
            // values leave now, as the latest state should.
            if writer.isStorageUnavailable { sink?.sendValuesAwaitingCommit() }
        } catch {
            sink?.sendValuesAwaitingCommit()
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

    /// Tells the sink which device (and hub) spoke, and how long each may
    /// stay silent: a hub reports every 10 s (allowed 2 minutes), sensors
    /// every minute (allowed 5), and a Tempest in power-save mode 3 samples
    /// only every 5 minutes (allowed 15).
    static func noteDevices(
        of message: TempestMessage, receivedAt: Int64, sink: any RetainedStateSink, admission: DeviceAdmission? = nil
    ) {
        let envelope = message.envelope
        var allowed: Int64?
        switch message {
        case .hubStatus: allowed = 120
        case .tempestObservation(let observation): allowed = observation.rows.last?.powerSaveMode == .mode3 ? 900 : 300
        case .airObservation, .skyObservation: allowed = 300
        default: allowed = nil
        }
        sink.noteDevice(
            .init(
                serial: envelope.serialNumber.rawValue, family: envelope.serialNumber.family,
                hubSerial: envelope.hubSerialNumber?.rawValue, firmware: envelope.firmwareRevision?.description),
            receivedAt: receivedAt, silenceAllowedSeconds: allowed)
        if let hub = envelope.hubSerialNumber, admission?.isAdmitted(hub.rawValue) ?? true {
            sink.noteDevice(
                .init(serial: hub.rawValue, family: hub.family, hubSerial: nil, firmware: nil),
                receivedAt: receivedAt, silenceAllowedSeconds: nil)
        }
    }
}

extension TempestMessage {
    /// Whether the message is an `evt_strike`.
    var isLightningStrike: Bool {
        if case .lightningStrike = self { true } else { false }
    }
}
