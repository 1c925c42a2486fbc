// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One thing to make durable, handed to `StoreWriter`.
///
/// The large records are stored out of line (`indirect`): the writer's
/// queue holds one of these per item, and under load tens of thousands, so
/// the frequent small cases (rapid wind, outbox messages) should not each
/// pay for the size of an observation (424 bytes a slot inline, 64 now).
public enum StoreWrite: Sendable, Equatable {
    /// An observation row.
    indirect case observation(ObservationRecord)
    /// The quality checks' verdict on one value of an observation row.
    indirect case verdict(ObservationVerdictRecord)
    /// A rapid-wind sample.
    case rapidWind(RapidWindRecord)
    /// A lightning strike.
    indirect case lightningStrike(LightningStrikeRecord)
    /// A strike of the cloud's nearby-strikes feed.
    indirect case nearbyStrike(NearbyStrikeRecord)
    /// A rain start.
    indirect case rainStart(RainStartRecord)
    /// A device status.
    indirect case deviceStatus(DeviceStatusRecord)
    /// A hub status.
    indirect case hubStatus(HubStatusRecord)
    /// A daily summary, replacing the stored one for its device and date.
    indirect case dailySummary(DailySummaryRecord)
    /// The cloud's NearCast rain of a device-day (stored or replaced).
    indirect case cloudRainDay(CloudRainDayRecord)
    /// A forecast snapshot.
    indirect case forecastSnapshot(ForecastSnapshotRecord)
    /// A message kept in the quarantine (dated too far ahead).
    indirect case quarantine(QuarantineRecord)
    /// A station's calibration set with the time it took effect.
    indirect case calibrationSet(CalibrationSetRecord)
    /// An MQTT message for the outbox, committed with the facts beside it.
    case outbox(OutboxMessage)
    /// Outbox ids whose delivery was acknowledged.
    case acknowledgeOutbox([Int64])
    /// A sink's new position in the commit journal (`Store.journalEntries`):
    /// everything up to `position` was delivered. Never moves a cursor back;
    /// rides along with the next commit (`RidingWrites`), so a sink at a
    /// station's pace costs no transaction of its own.
    indirect case sinkCursor(name: String, position: Int64, at: Int64)
    /// How far a sink's backfill got: it goes on from the observation time
    /// `next` (`Store.openSinkCursor(named:now:backfillSeconds:)`).
    indirect case sinkBackfill(name: String, next: Int64)

    /// Whether this is an acknowledgement or a sink's cursor, which ride
    /// along with the next transaction instead of queueing (`RidingWrites`).
    var ridesAlong: Bool {
        switch self {
        case .acknowledgeOutbox, .sinkCursor: true
        default: false
        }
    }

    /// Whether the writer may drop this item first when it must hold
    /// records in memory beyond its bound.
    var isSheddable: Bool {
        switch self {
        case .rapidWind: true
        case .outbox(let message): message.priority == .rapidWind
        default: false
        }
    }
}
