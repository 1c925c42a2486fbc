// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A configuration read from defaults, a file and the environment: every
/// key's effective value with its origin, and every problem found.
public struct LoadedConfiguration: Sendable {
    /// The file that was read, or nil when there was none.
    public let path: String?
    /// Every key, in schema order.
    public let settings: [ResolvedSetting]
    /// Everything wrong, in file order, then environment variables by name.
    public let problems: [ConfigurationProblem]
    /// Whether a file was read that sets no key: empty, or only comments
    /// and section headers. Valid (every key keeps its default) but rarely
    /// meant, so `config validate` warns, and a reload refuses it when the
    /// running configuration came from a file that set keys.
    public let setsNoKey: Bool
    /// The `[station]` keys of every station, in file order: the first is
    /// the one in ``settings`` (environment variables apply to it), the
    /// others come from the second and later `[[station]]` tables.
    public let stations: [[ResolvedSetting]]
    /// The keys of each table of each list section (`[[export]]`), by
    /// section, in file order; a section without tables is empty or absent.
    public let lists: [String: [[ResolvedSetting]]]

    /// Creates a loaded configuration (`stations` nil: one station, from `settings`).
    public init(
        path: String?, settings: [ResolvedSetting], problems: [ConfigurationProblem], setsNoKey: Bool = false,
        stations: [[ResolvedSetting]]? = nil, lists: [String: [[ResolvedSetting]]] = [:]
    ) {
        self.path = path
        self.settings = settings
        self.problems = problems
        self.setsNoKey = setsNoKey
        self.stations = stations ?? [settings.filter { $0.key.section == ConfigurationLoader.stationSection }]
        self.lists = lists
    }

    /// Every setting as `config show` lists them: ``settings`` with the
    /// second and later stations' keys after the first station's.
    public var allSettings: [ResolvedSetting] {
        let later = stations.dropFirst().flatMap { $0 }
        let listed = ConfigurationSchema.listSections.flatMap { (lists[$0] ?? []).flatMap { $0 } }
        guard !later.isEmpty, let last = settings.lastIndex(where: { $0.key.section == ConfigurationLoader.stationSection }) else {
            return settings + listed
        }
        return Array(settings[...last]) + later + settings[(last + 1)...] + listed
    }

    /// What is allowed but probably a mistake, in sentences.
    public var warnings: [String] {
        guard setsNoKey, let path else { return [] }
        return [
            "\(path) sets no key (it is empty or only comments): every setting is its default, "
                + "such as the MQTT broker on localhost:1883; a gateway running on settings from a file refuses "
                + "to reload such a file unless it was started with --allow-empty"
        ]
    }

    /// The typed configuration. A key with a problem keeps its previous
    /// value (the file's, else the default), so check ``problems`` first or
    /// use ``validConfiguration()``.
    public var configuration: GatewayConfiguration {
        GatewayConfiguration(
            values: ConfigurationValues(settings: settings), stations: stations.map(ConfigurationValues.init),
            exports: (lists["export"] ?? []).map(ConfigurationValues.init), uploads: (lists["upload"] ?? []).map(ConfigurationValues.init))
    }

    /// The typed configuration, or an error listing every problem.
    public func validConfiguration() throws -> GatewayConfiguration {
        guard problems.isEmpty else { throw ConfigurationError.invalid(path: path, problems: problems) }
        return configuration
    }

    /// The setting for the dotted key `path`.
    public func setting(_ path: String) -> ResolvedSetting? {
        settings.first { $0.key.path == path }
    }
}
