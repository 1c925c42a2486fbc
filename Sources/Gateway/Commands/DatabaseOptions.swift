import ArgumentParser
import Configuration
import GatewayCore
import SystemSupport

/// `--database PATH`, shared by every command that reads or writes the store.
struct DatabaseOptions: ParsableArguments {
    @Option(
        help: "The SQLite database file (default: storage.database of the configuration, else $STATE_DIRECTORY/tempest-gateway.db, else ./tempest-gateway.db)."
    )
    var database: String?

    /// The path to use: the option, else `storage.database` from the default
    /// configuration file and the environment (ignored when they have
    /// problems; `config validate` reports those), else the default place.
    var path: String {
        database
            ?? (try? ConfigurationLoader.load(explicitPath: nil, environment: ProcessEnvironment.current()))?
            .configuration.storage.database
            ?? RunCommand.defaultDatabasePath()
    }

    /// The path to use with a configuration already loaded (from `--config`).
    func path(configuredIn configuration: GatewayConfiguration) -> String {
        database ?? configuration.storage.database ?? RunCommand.defaultDatabasePath()
    }
}
