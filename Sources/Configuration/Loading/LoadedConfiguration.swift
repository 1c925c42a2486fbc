/// A configuration read from defaults, a file and the environment: every
/// key's effective value with its origin, and every problem found.
public struct LoadedConfiguration: Sendable {
    /// The file that was read, or nil when there was none.
    public let path: String?
    /// Every key, in schema order.
    public let settings: [ResolvedSetting]
    /// Everything wrong, in file order, then environment variables by name.
    public let problems: [ConfigurationProblem]

    /// The typed configuration. A key with a problem keeps its previous
    /// value (the file's, else the default), so check ``problems`` first or
    /// use ``validConfiguration()``.
    public var configuration: GatewayConfiguration {
        GatewayConfiguration(values: ConfigurationValues(settings: settings))
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
