/// One thing to make durable, handed to `StoreWriter`.
public enum StoreWrite: Sendable, Equatable {
    /// An observation row.
    case observation(ObservationRecord)
    /// A rapid-wind sample.
    case rapidWind(RapidWindRecord)
    /// A lightning strike.
    case lightningStrike(LightningStrikeRecord)
    /// A rain start.
    case rainStart(RainStartRecord)
    /// A device status.
    case deviceStatus(DeviceStatusRecord)
    /// A hub status.
    case hubStatus(HubStatusRecord)
    /// A daily summary, replacing the stored one for its device and date.
    case dailySummary(DailySummaryRecord)
    /// A forecast snapshot.
    case forecastSnapshot(ForecastSnapshotRecord)
    /// An MQTT message for the outbox, committed with the facts beside it.
    case outbox(OutboxMessage)
    /// Outbox ids whose delivery was acknowledged.
    case acknowledgeOutbox([Int64])

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
