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
    /// For a `[[station]]` or `[[export]]` key: which table, from 0 (0 for every other key).
    public let element: Int

    init(key: ConfigurationKey, value: TOMLValue?, origin: SettingOrigin, element: Int = 0) {
        self.key = key
        self.value = value
        self.origin = origin
        self.element = element
    }

    /// The key as `config show` names it: `station.elevation` for the first
    /// station, `station[2].elevation` for the second.
    public var label: String {
        if ConfigurationSchema.listSections.contains(key.section) { return ConfigurationLoader.listLabel(key, element: element) }
        return element == 0 ? key.path : ConfigurationLoader.stationLabel(key, element: element)
    }
}
