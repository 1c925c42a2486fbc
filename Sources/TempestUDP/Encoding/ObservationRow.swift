// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One row of any observation message, for code that treats the three
/// device layouts alike (JSON output, derived values).
public enum ObservationRow: Hashable, Sendable {
    /// A Tempest (`obs_st`) row.
    case tempest(TempestObservation.Row)
    /// An AIR (`obs_air`) row.
    case air(AirObservation.Row)
    /// A SKY (`obs_sky`) row.
    case sky(SkyObservation.Row)

    /// The row's observation time.
    public var timestamp: UnixTimestamp {
        switch self {
        case .tempest(let row): row.timestamp
        case .air(let row): row.timestamp
        case .sky(let row): row.timestamp
        }
    }
}
