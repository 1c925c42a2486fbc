// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// The process behind a `LocalDatabaseServer`: one program with fixed
/// arguments, started, stopped, killed and started again on the same port
/// and data, its output kept across restarts for failure messages.
final class DatabaseProcess: @unchecked Sendable {
    /// What the failure messages call the program ("VictoriaMetrics").
    let name: String
    let executable: String
    let arguments: [String]
    /// Whether the server that answers is this very process (its data path,
    /// its configuration), not just any server on the port: while this one
    /// was stopped another test may have taken the port.
    let isReady: @Sendable () -> Bool
    /// How long a start may take.
    let startTimeoutSeconds: Double
    private var child: ChildProcess?
    /// Output of the runs before the current one.
    private var earlierRuns = ""

    /// Checks that `executable` is installed (throws, naming the Debian
    /// package, when it is not: a test that needs the server fails, never
    /// skips).
    init(
        name: String, executable: String, package: String, arguments: [String], startTimeoutSeconds: Double,
        isReady: @escaping @Sendable () -> Bool
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TestKitError(
                "\(name) is not installed: \(executable) is missing. Install the Debian package \(package) "
                    + "(scripts/install-deps.sh does, as root).")
        }
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.startTimeoutSeconds = startTimeoutSeconds
        self.isReady = isReady
    }

    /// Whether the process runs.
    var isRunning: Bool { child?.isRunning ?? false }

    /// Standard output and error of every run so far.
    var log: String {
        guard let child else { return earlierRuns }
        return earlierRuns + child.standardOutputSoFar + child.standardErrorSoFar
    }

    /// Starts the process (nothing when it runs already) and polls
    /// `isReady` every 50 ms until it holds, the process exits, or
    /// `startTimeoutSeconds` pass (then kills it and throws with the log).
    func start() throws {
        if isRunning { return }
        let process = try ChildProcess(executable: executable, arguments: arguments)
        try process.start()
        child = process
        let deadline = Date().addingTimeInterval(startTimeoutSeconds)
        for _ in 0..<Int(startTimeoutSeconds * 20) + 1 {
            if !process.isRunning { break }
            if isReady() { return }
            if Date() > deadline { break }
            usleep(50_000)
        }
        let running = process.isRunning
        if running { kill() }
        throw TestKitError(
            "\(name) did not start (\(running ? "not ready after \(startTimeoutSeconds) s; killed" : "it exited")): "
                + "\(executable) \(arguments.joined(separator: " "))\n\(log)")
    }

    /// Sends SIGTERM and waits at most `timeoutSeconds` for the exit (then
    /// SIGKILL). Nothing when it is not running.
    func stop(timeoutSeconds: Double = 30) {
        guard let child else { return }
        child.send(signal: SIGTERM)
        _ = try? child.wait(timeoutSeconds: timeoutSeconds)
        retire(child)
    }

    /// Sends SIGKILL and waits for the exit.
    func kill() {
        guard let child else { return }
        child.send(signal: SIGKILL)
        _ = try? child.wait(timeoutSeconds: 10)
        retire(child)
    }

    private func retire(_ child: ChildProcess) {
        earlierRuns += child.standardOutputSoFar + child.standardErrorSoFar
        self.child = nil
    }

    /// Tries `attempts` times: makes a process with `make` (given fresh
    /// ports each time) and starts it; tries again only when the server
    /// said a port was taken (by another process between `FreePort` finding
    /// it and the server binding it).
    static func startOnFreePorts<Ports>(
        attempts: Int = 5, ports: () throws -> Ports, make: (Ports) throws -> DatabaseProcess
    ) throws -> (ports: Ports, process: DatabaseProcess) {
        var lastError: Error = TestKitError("no attempt to start")
        for _ in 0..<attempts {
            let chosen = try ports()
            let process = try make(chosen)
            do {
                try process.start()
                return (chosen, process)
            } catch {
                guard "\(error)".contains("address already in use") else { throw error }
                lastError = error
            }
        }
        throw lastError
    }

    deinit {
        kill()
    }
}
