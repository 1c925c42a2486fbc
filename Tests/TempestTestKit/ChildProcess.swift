import Foundation

/// Runs a program as a child process for tests: the built `tempest-gateway`
/// binary, mosquitto, openssl. Output is collected into files so that a
/// chatty child can never block on a full pipe.
public final class ChildProcess: @unchecked Sendable {
    /// The result of a finished run.
    public struct Result: Sendable {
        /// The exit status, or 128 + signal number when the child was killed.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: String
        /// Everything written to standard error.
        public var standardError: String
    }

    private let process = Process()
    private let outputDirectory: TemporaryDirectory
    private let inputPipe = Pipe()

    /// Prepares (does not start) `executable` with `arguments`.
    /// `environment` entries are added to (and override) the test's own.
    public init(
        executable: String,
        arguments: [String],
        environment: [String: String] = [:],
        workingDirectory: String? = nil
    ) throws {
        outputDirectory = try TemporaryDirectory(prefix: "child-output")
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let workingDirectory {
            process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
        }
        FileManager.default.createFile(atPath: outputDirectory.file("stdout"), contents: nil)
        FileManager.default.createFile(atPath: outputDirectory.file("stderr"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: outputDirectory.file("stdout"))
        process.standardError = FileHandle(forWritingAtPath: outputDirectory.file("stderr"))
        process.standardInput = inputPipe
    }

    /// Starts the child.
    public func start() throws {
        try process.run()
    }

    /// The child's process id (valid after `start`).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child is still running.
    public var isRunning: Bool { process.isRunning }

    /// Writes `text` to the child's standard input.
    public func write(_ text: String) {
        inputPipe.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes the child's standard input (end of file for the child).
    public func closeInput() {
        try? inputPipe.fileHandleForWriting.close()
    }

    /// Standard output so far.
    public var standardOutputSoFar: String {
        (try? String(contentsOfFile: outputDirectory.file("stdout"), encoding: .utf8)) ?? ""
    }

    /// Standard error so far.
    public var standardErrorSoFar: String {
        (try? String(contentsOfFile: outputDirectory.file("stderr"), encoding: .utf8)) ?? ""
    }

    /// Sends `signal` to the child.
    public func send(signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until the child exits or `timeoutSeconds` pass; in the latter
    /// case kills it with SIGKILL and throws.
    @discardableResult
    public func wait(timeoutSeconds: Double) throws -> Result {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestKitError(
                "child \(process.executableURL?.path ?? "?") still ran after \(timeoutSeconds) s; killed. "
                    + "stderr: \(standardErrorSoFar)"
            )
        }
        process.waitUntilExit()
        let status: Int32 =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        return Result(status: status, standardOutput: standardOutputSoFar, standardError: standardErrorSoFar)
    }

    /// Polls until `condition` holds or `timeoutSeconds` pass.
    public func waitFor(timeoutSeconds: Double, _ condition: (ChildProcess) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if condition(self) { return true }
            usleep(20_000)
        }
        return condition(self)
    }

    /// Runs to completion with `input` on standard input.
    public static func run(
        executable: String,
        arguments: [String],
        input: String = "",
        environment: [String: String] = [:],
        timeoutSeconds: Double = 60
    ) throws -> Result {
        let child = try ChildProcess(executable: executable, arguments: arguments, environment: environment)
        try child.start()
        if !input.isEmpty { child.write(input) }
        child.closeInput()
        return try child.wait(timeoutSeconds: timeoutSeconds)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Where the build put its products: the test bundle sits beside them.
public enum BuiltProducts {
    /// The directory of the running test executable.
    public static var directory: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = (executable as NSString).deletingLastPathComponent
        // SwiftPM on Linux runs `<name>PackageTests.xctest`, directly in the
        // products folder; step out of a bundle folder if there is one.
        while directory.hasSuffix(".xctest") || directory.hasSuffix(".swift-testing") {
            directory = (directory as NSString).deletingLastPathComponent
        }
        return directory
    }

    /// The path of the built executable `name` (for example `tempest-gateway`).
    public static func executable(_ name: String) -> String {
        directory + "/" + name
    }

    /// The package's root folder, found from this source file's location.
    public static var packageRoot: String {
        var path = #filePath
        for _ in 0..<3 { path = (path as NSString).deletingLastPathComponent }
        return path
    }
}
