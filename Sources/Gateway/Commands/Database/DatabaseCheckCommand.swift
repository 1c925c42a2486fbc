import ArgumentParser
import GatewayCore
import JSON
import Storage

/// `tempest-gateway db check`.
struct DatabaseCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run SQLite's integrity check; exit status 1 when it finds problems."
    )

    @OptionGroup var databaseOptions: DatabaseOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let store = try StoreAccess.openReadOnly(databaseOptions.path)
        let problems = try store.integrityCheck().filter { $0 != "ok" }
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            writer.member("database", databaseOptions.path)
            writer.member("ok", problems.isEmpty)
            writer.key("problems")
            writer.beginArray()
            for problem in problems { writer.value(problem) }
            writer.endArray()
            writer.endObject()
            StandardOutput.line(writer.text)
        } else if problems.isEmpty {
            StandardOutput.line("Integrity check passed: \(databaseOptions.path) is consistent.")
        } else {
            StandardOutput.line("Integrity check FAILED for \(databaseOptions.path): \(problems.count) problems.")
            for problem in problems { StandardOutput.line("  problem: \(problem)") }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
