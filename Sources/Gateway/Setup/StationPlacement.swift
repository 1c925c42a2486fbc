// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import TempestCloud

/// Where `select` and `setup` write a station's facts in the configuration
/// text: over the station already configured with its id, else over the
/// first station (replace) or as one more `[[station]]` table (add).
enum StationPlacement {
    /// The text with `station` written, and its 1-based place among the configured stations.
    ///
    /// Adding to a file whose only station names neither an id nor serials
    /// fills that station in rather than adding a second one.
    static func written(_ station: Station, into text: String, add: Bool) throws -> (text: String, position: Int, settings: [(key: String, value: String)]) {
        let configured = ConfigurationLoader.resolve(fileText: text, path: nil, environment: [:]).configuration.stations
        var settings = StationSettings.settings(for: station)
        var text = text
        if let existing = configured.firstIndex(where: { $0.stationID == station.id }) {
            settings = settings.map { (label($0.key, position: existing + 1), $0.value) }
            for setting in settings { text = try ConfigurationEditor.setting(setting.key, to: setting.value, in: text) }
            return (text, existing + 1, settings)
        }
        let firstIsEmpty = configured.count == 1 && configured[0].stationID == nil && configured[0].serials.isEmpty
        if add && !firstIsEmpty {
            text = try ConfigurationEditor.appendingStation(settings, to: text)
            let position = configured.count + 1
            return (text, position, settings.map { (label($0.key, position: position), $0.value) })
        }
        for setting in settings { text = try ConfigurationEditor.setting(setting.key, to: setting.value, in: text) }
        return (text, 1, settings)
    }

    /// `station.elevation` for the first station, `station[2].elevation` for the second.
    static func label(_ key: String, position: Int) -> String {
        guard position > 1, key.hasPrefix("station.") else { return key }
        return "station[\(position)]." + key.dropFirst("station.".count)
    }
}
