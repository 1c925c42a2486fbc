// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import TempestUDP

/// The observation row types share a timestamp.
protocol TimestampedRow {
    var timestamp: UnixTimestamp { get }
}

extension TempestObservation.Row: TimestampedRow {}
extension AirObservation.Row: TimestampedRow {}
extension SkyObservation.Row: TimestampedRow {}
