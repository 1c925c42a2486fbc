// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One key's effective value and where it came from.
public struct ResolvedSetting: Sendable {
    /// The key.
    public let key: ConfigurationKey
    /// The value, or nil when the key is unset (see the key's default note).
    public let value: TOMLValue?
    /// Where the value came from.
    public let origin: SettingOrigin
}
