// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation

/// A child process on a pseudo-terminal, for testing interactive prompts:
/// its standard input, output and error are the terminal, so `isatty` is
/// true and echo can be switched off, as for a person at a keyboard. What
/// the terminal shows (the program's output plus the echo of typed input)
/// is collected from the master side.
public final class PseudoTerminalProcess: @unchecked Sendable {
    private let master: Int32
    private var pid: pid_t = 0
    private let lock = NSLock()
    private var shown: [UInt8] = []
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments` on a new pseudo-terminal.
    public init(executable: String, arguments: [String], environment: [String: String] = [:]) throws {
        // posix_openpt and friends are not in Swift's Glibc module: /dev/ptmx
        // is what posix_openpt opens, and the other three come from libc itself.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        typealias DescriptorCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let libc = dlopen(nil, RTLD_NOW)
        guard master >= 0, let grant = dlsym(libc, "grantpt"), let unlock = dlsym(libc, "unlockpt"),
            let name = dlsym(libc, "ptsname"),
            unsafeBitCast(grant, to: DescriptorCall.self)(master) == 0,
            unsafeBitCast(unlock, to: DescriptorCall.self)(master) == 0,
            let slaveName = unsafeBitCast(name, to: NameCall.self)(master)
        else {
            throw TestKitError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = String(cString: slaveName)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's 0x80, not exported to Swift): a session of
        // its own, as a login shell would give it.
        posix_spawnattr_setflags(&attributes, 0x80)
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw TestKitError("could not start \(executable): \(String(cString: strerror(status)))") }
        Thread { [self] in readLoop() }.start()
    }

    deinit {
        if pid != 0, exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return }  // EIO once the child closed the terminal
            lock.lock()
            shown += buffer[0..<count]
            lock.unlock()
        }
    }

    /// Everything the terminal has shown so far.
    public var screen: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: shown, as: UTF8.self)
    }

    /// Whether the terminal echoes what is typed (its settings are shared by
    /// both sides, so the master can read them).
    public var echoes: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Types `text` (add "\n" for Enter).
    public func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits at most `seconds` until the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if screen.contains(text) { return true }
            usleep(20_000)
        }
        return screen.contains(text)
    }

    /// Waits at most `seconds` for the child to exit and returns its status
    /// (the signal number plus 128 when a signal ended it).
    public func wait(seconds: Double) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                exitStatus = code
                return code
            }
            usleep(20_000)
        }
        throw TestKitError("the process on the terminal did not exit within \(seconds) seconds; it showed:\n\(screen)")
    }
}
