import ArgumentParser

/// `--database PATH`, shared by every command that reads or writes the store.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "The SQLite database file (default: $STATE_DIRECTORY/tempest-gateway.db, else ./tempest-gateway.db).")
    var database: String?

    /// The path to use.
    var path: String {
        database ?? RunCommand.defaultDatabasePath()
    }
}
