// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// Runs a program as a child process for tests: the built `tempest-gateway`
/// binary, mosquitto, openssl. Output is collected into files so that a
/// chatty child can never block on a full pipe.
///
/// Spawned with `posix_spawn` and an empty signal mask with default
/// dispositions: the test runner blocks most signals in its own threads, and
/// a child that inherited that mask would ignore SIGTERM and never see
/// SIGALRM, unlike in real life.
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

    private let executable: String
    private let arguments: [String]
    private let environment: [String: String]
    private let outputDirectory: TemporaryDirectory
    private var pid: pid_t = 0

    /// The process id once started (0 before).
    public var processID: pid_t { pid }
    private var inputWriteEnd: Int32 = -1
    private var exitStatus: Int32?

    /// Prepares (does not start) `executable` with `arguments`.
    /// `environment` entries are added to (and override) the test's own.
    public init(
        executable: String,
        arguments: [String],
        environment: [String: String] = [:]
    ) throws {
        self.executable = executable
        self.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        self.environment = merged
        outputDirectory = try TemporaryDirectory(prefix: "child-output")
    }

    /// Starts the child.
    public func start() throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw TestKitError("pipe() failed: \(errno)") }
        defer { close(pipeEnds[0]) }
        inputWriteEnd = pipeEnds[1]
        _ = fcntl(inputWriteEnd, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputDirectory.file("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, outputDirectory.file("stderr"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw TestKitError("could not start \(executable): \(String(cString: strerror(status)))") }
    }

    /// The child's process id (valid after `start`).
    public var processIdentifier: Int32 { pid }

    /// Whether the child is still running.
    public var isRunning: Bool {
        reap(blocking: false)
        return pid != 0 && exitStatus == nil
    }

    /// Writes `text` to the child's standard input.
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(inputWriteEnd, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Closes the child's standard input (end of file for the child).
    public func closeInput() {
        if inputWriteEnd >= 0 {
            close(inputWriteEnd)
            inputWriteEnd = -1
        }
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
        if pid != 0 && exitStatus == nil { kill(pid, signal) }
    }

    /// Waits until the child exits or `timeoutSeconds` pass; in the latter
    /// case kills it with SIGKILL and throws.
    @discardableResult
    public func wait(timeoutSeconds: Double) throws -> Result {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while isRunning && Date() < deadline {
            usleep(10_000)
        }
        if isRunning {
            kill(pid, SIGKILL)
            reap(blocking: true)
            throw TestKitError(
                "child \(executable) still ran after \(timeoutSeconds) s; killed. stderr: \(standardErrorSoFar)"
            )
        }
        closeInput()
        return Result(status: exitStatus ?? -1, standardOutput: standardOutputSoFar, standardError: standardErrorSoFar)
    }

    private func reap(blocking: Bool) {
        guard pid != 0, exitStatus == nil else { return }
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        guard result == pid else { return }
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
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
        if pid != 0 && exitStatus == nil {
            kill(pid, SIGKILL)
            reap(blocking: true)
        }
        closeInput()
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
