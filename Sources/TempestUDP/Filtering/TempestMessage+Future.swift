// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

extension TempestMessage {
    /// Splits the message at `latestSeconds`: the part dated no later (nil
    /// when none is) and the part dated later (nil when none is). Only an
    /// observation message can have both, row by row, so that one bad row
    /// loses none of the good ones sent with it.
    public func splitAt(latestSeconds: Int64) -> (accepted: TempestMessage?, future: TempestMessage?) {
        switch self {
        case .tempestObservation(let observation):
            Self.split(observation, \.rows, \.timestamp, latestSeconds, TempestMessage.tempestObservation)
        case .airObservation(let observation):
            Self.split(observation, \.rows, \.timestamp, latestSeconds, TempestMessage.airObservation)
        case .skyObservation(let observation):
            Self.split(observation, \.rows, \.timestamp, latestSeconds, TempestMessage.skyObservation)
        default:
            timestamp.secondsSince1970 > latestSeconds ? (nil, self) : (self, nil)
        }
    }

    private static func split<Observation, Row>(
        _ observation: Observation, _ rows: WritableKeyPath<Observation, [Row]>, _ timestamp: KeyPath<Row, UnixTimestamp>,
        _ latestSeconds: Int64, _ wrap: (Observation) -> TempestMessage
    ) -> (accepted: TempestMessage?, future: TempestMessage?) {
        let all = observation[keyPath: rows]
        // The usual case, nothing ahead: no arrays are built.
        guard all.contains(where: { $0[keyPath: timestamp].secondsSince1970 > latestSeconds }) else {
            return (wrap(observation), nil)
        }
        let early = all.filter { $0[keyPath: timestamp].secondsSince1970 <= latestSeconds }
        var accepted = observation
        var future = observation
        accepted[keyPath: rows] = early
        future[keyPath: rows] = all.filter { $0[keyPath: timestamp].secondsSince1970 > latestSeconds }
        return (early.isEmpty ? nil : wrap(accepted), wrap(future))
    }
}
