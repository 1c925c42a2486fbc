// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology
import Storage

/// One station device on the Now page: its values and the lightning of
/// the last three hours.
struct NowDevice: Sendable {
    /// The serial.
    var serial: String
    /// Its station's time zone: its today and the times shown.
    var zone: TimeZoneRules
    /// What it is ("Tempest", "AIR", "SKY").
    var kindName: String
    /// The prefix of its `data-field` names: empty for the first device, the
    /// serial and a colon for the others, so that every name is unique.
    var fieldPrefix: String
    /// Its values, in page order.
    var items: [NowItem]
    /// Strikes of the last three hours, newest first (nil for a device
    /// that does not detect lightning).
    var recentStrikes: [LightningStrikeRecord]?
}
