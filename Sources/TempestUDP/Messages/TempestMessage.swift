// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A decoded datagram: one of the eight documented message types.
public enum TempestMessage: Hashable, Sendable {
    /// `evt_precip`.
    case rainStart(RainStartEvent)
    /// `evt_strike`.
    case lightningStrike(LightningStrikeEvent)
    /// `rapid_wind`.
    case rapidWind(RapidWindObservation)
    /// `obs_air`.
    case airObservation(AirObservation)
    /// `obs_sky`.
    case skyObservation(SkyObservation)
    /// `obs_st`.
    case tempestObservation(TempestObservation)
    /// `device_status`.
    case deviceStatus(DeviceStatus)
    /// `hub_status`.
    case hubStatus(HubStatus)

    /// The wire type.
    public var type: MessageType {
        switch self {
        case .rainStart: .precipitationEvent
        case .lightningStrike: .lightningStrikeEvent
        case .rapidWind: .rapidWind
        case .airObservation: .airObservation
        case .skyObservation: .skyObservation
        case .tempestObservation: .tempestObservation
        case .deviceStatus: .deviceStatus
        case .hubStatus: .hubStatus
        }
    }

    /// Sender, relaying hub and firmware.
    public var envelope: MessageEnvelope {
        switch self {
        case .rainStart(let message): message.envelope
        case .lightningStrike(let message): message.envelope
        case .rapidWind(let message): message.envelope
        case .airObservation(let message): message.envelope
        case .skyObservation(let message): message.envelope
        case .tempestObservation(let message): message.envelope
        case .deviceStatus(let message): message.envelope
        case .hubStatus(let message): message.envelope
        }
    }

    /// The message's time: the event or report time, or the newest row's.
    public var timestamp: UnixTimestamp {
        switch self {
        case .rainStart(let message): message.timestamp
        case .lightningStrike(let message): message.timestamp
        case .rapidWind(let message): message.timestamp
        case .airObservation(let message): message.rows.map(\.timestamp).max() ?? UnixTimestamp(secondsSince1970: 0)
        case .skyObservation(let message): message.rows.map(\.timestamp).max() ?? UnixTimestamp(secondsSince1970: 0)
        case .tempestObservation(let message): message.rows.map(\.timestamp).max() ?? UnixTimestamp(secondsSince1970: 0)
        case .deviceStatus(let message): message.timestamp
        case .hubStatus(let message): message.timestamp
        }
    }
}
