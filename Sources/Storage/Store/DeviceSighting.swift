// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// What one transaction learned about a device: the earliest and latest
/// times it was seen and, if given, its hub and firmware.
struct DeviceSighting {
    var firstSeen: Int64
    var lastSeen: Int64
    var hubSerial: String?
    var firmware: String?
}
