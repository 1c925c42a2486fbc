// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport

/// Talks to systemd's service manager without libsystemd: `sd_notify` is a
/// datagram of `KEY=VALUE` lines sent to the Unix socket named in
/// `$NOTIFY_SOCKET` (a leading `@` means the abstract namespace).
///
/// Outside systemd (`NOTIFY_SOCKET` unset) every call does nothing.
public struct SystemdNotifier: Sendable {
    private let socketPath: [UInt8]?

    /// Reads `$NOTIFY_SOCKET` from the environment.
    public init() {
        if let value = getenv("NOTIFY_SOCKET"), value.pointee != 0 {
            socketPath = Array(String(cString: value).utf8)
        } else {
            socketPath = nil
        }
    }

    /// Whether a service manager listens.
    public var isActive: Bool { socketPath != nil }

    /// The watchdog interval systemd expects pings within, if it set one
    /// (`$WATCHDOG_USEC`, and `$WATCHDOG_PID` naming this process when present).
    public static var watchdogIntervalSeconds: Double? {
        guard let value = getenv("WATCHDOG_USEC"), let microseconds = UInt64(String(cString: value)),
            microseconds > 0
        else { return nil }
        if let pid = getenv("WATCHDOG_PID"), let owner = Int32(String(cString: pid)), owner != getpid() {
            return nil
        }
        return Double(microseconds) / 1_000_000
    }

    /// `READY=1` plus a status line.
    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

    /// A status line shown by `systemctl status`.
    public func status(_ text: String) { send("STATUS=\(text)") }

    /// `WATCHDOG=1`: the service is alive.
    public func watchdogPing() { send("WATCHDOG=1") }

    /// `STOPPING=1`.
    public func stopping() { send("STOPPING=1") }

    /// `RELOADING=1` and the monotonic time in microseconds systemd wants with it.
    public func reloading() {
        send("RELOADING=1\nMONOTONIC_USEC=\(MonotonicClock.nanoseconds() / 1_000)")
    }

    /// Sends one notification; failures are ignored, as sd_notify's are.
    public func send(_ message: String) {
        guard var path = socketPath, !path.isEmpty, path.count < 108 else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if path[0] == UInt8(ascii: "@") { path[0] = 0 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.enumerated() { buffer[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count + (path[0] == 0 ? 0 : 1))
        var text = message
        _ = text.withUTF8 { bytes in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
    }
}
