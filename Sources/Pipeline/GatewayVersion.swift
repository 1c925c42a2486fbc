// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import CVersion

/// The gateway's version: printed by `--version`, sent in the MQTT origin
/// block and shown by `status`. It comes from the VERSION file at the package
/// root (through Package.swift and the CVersion target), the one place that
/// build-deb.sh and packaging/debian/changelog also follow.
public enum GatewayVersion {
    /// The version as text.
    public static let current = String(cString: tempest_gateway_version())
}
