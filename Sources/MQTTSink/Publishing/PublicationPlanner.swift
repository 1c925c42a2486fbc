// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import Storage
import TempestCloud
import TempestUDP

/// The MQTT sink's planner (`DeliveryPlanner`): a message's JSON events
/// become outbox rows committed with its facts, and its latest values and
/// the devices heard become a `RetainedStateNotice` that the publisher
/// gets with the commit. Rapid wind is thinned here, for publishing only
/// (`RapidWindThrottle`): the ingestor stores every sample.
public struct PublicationPlanner: DeliveryPlanner {
    /// How messages become publications.
    public let format: PublicationFormat
    private let throttle: RapidWindThrottle
    /// Which devices are the station's; nil: every device. A relaying hub is
    /// announced only when it is admitted too.
    private let admission: DeviceAdmission?

    /// A planner for `format`, publishing rapid wind at most once per
    /// `rapidWindIntervalSeconds` (0: all).
    public init(format: PublicationFormat, rapidWindIntervalSeconds: Int64, admission: DeviceAdmission? = nil) {
        self.format = format
        self.throttle = RapidWindThrottle(intervalSeconds: rapidWindIntervalSeconds)
        self.admission = admission
    }

    public func plan(_ message: TempestMessage, context: DeliveryContext) -> PlannedDeliveries? {
        guard let admitted = throttle.admit(message) else { return nil }
        let totals = context.figures.totals(for: message)
        let snapshot = context.figures.snapshot(for: message, totals: totals)
        var publications = MessagePublications(
            admitted, layout: format.layout, source: context.source.name, receivedAt: context.receivedAt, site: context.site,
            totals: totals, qos: format.qos, units: format.units, compatibility: format.compatibility, snapshot: snapshot,
            highRateValues: format.highRateValues, unknownValues: context.unknownValues)
        if message.carriesObservations, context.confirmedStrikesOnly {
            // The observation's own strike count and distance: no one confirmed them.
            let unconfirmed = ["lightning_strike_count", "lightning_strike_avg_distance"].map {
                format.layout.retainedValue(serial: message.envelope.serialNumber.rawValue, field: $0)
            }
            publications.values.removeAll { unconfirmed.contains($0.topic) }
        }
        // Late messages are history: events only, never the latest values.
        let notice = RetainedStateNotice(
            values: context.isLate ? [] : publications.values, heard: heard(in: message, receivedAt: context.receivedAt))
        return PlannedDeliveries(writes: publications.events.map { StoreWrite.outbox($0) }, notice: CommitNotice(notice))
    }

    public func planDevices(of message: TempestMessage, receivedAt: Int64) -> CommitNotice? {
        CommitNotice(RetainedStateNotice(values: [], heard: heard(in: message, receivedAt: receivedAt)))
    }

    public func planNearbyStrike(_ strike: NearbyStrike, receivedAt: Int64) -> [StoreWrite] {
        [.outbox(NearbyStrikePublication.event(strike, format: format, receivedAt: receivedAt))]
    }

    /// Which device (and hub) spoke, and how long each may stay silent: a
    /// hub reports every 10 s (allowed 2 minutes), sensors every minute
    /// (allowed 5), and a Tempest in power-save mode 3 samples only every
    /// 5 minutes (allowed 15).
    func heard(in message: TempestMessage, receivedAt: Int64) -> [RetainedStateNotice.Heard] {
        let envelope = message.envelope
        var allowed: Int64?
        switch message {
        case .hubStatus: allowed = 120
        case .tempestObservation(let observation): allowed = observation.rows.last?.powerSaveMode == .mode3 ? 900 : 300
        case .airObservation, .skyObservation: allowed = 300
        default: allowed = nil
        }
        var heard = [
            RetainedStateNotice.Heard(
                device: .init(
                    serial: envelope.serialNumber.rawValue, family: envelope.serialNumber.family,
                    hubSerial: envelope.hubSerialNumber?.rawValue, firmware: envelope.firmwareRevision?.description),
                receivedAt: receivedAt, silenceAllowedSeconds: allowed)
        ]
        if let hub = envelope.hubSerialNumber, admission?.isAdmitted(hub.rawValue) ?? true {
            heard.append(
                .init(device: .init(serial: hub.rawValue, family: hub.family, hubSerial: nil, firmware: nil), receivedAt: receivedAt, silenceAllowedSeconds: nil))
        }
        return heard
    }
}
