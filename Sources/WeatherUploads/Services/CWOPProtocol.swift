// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import SystemSupport

/// CWOP (the Citizen Weather Observer Program) through APRS-IS: one TCP
/// connection per reading (`docs/design/uploads-research.md` §7).
///
/// The exchange: the server's banner (`# aprsc …`), our login
/// `user CALL pass PASSCODE vers tempest-gateway VERSION`, the server's
/// `# logresp CALL verified|unverified, …`, one `APRSWeatherReport` line,
/// and we close. There is no acknowledgement of the packet itself.
///
/// The passcode is `-1` for CWOP ids (CW/DW/EW… and digits), which the
/// servers take unverified; a ham callsign needs its APRS-IS passcode (the
/// destination's key), without which the packet is dropped: an
/// `unverified` answer to a ham callsign is `.rejectedKey`.
///
/// The exchange blocks (a non-blocking socket waited on with poll(2), each
/// step with its deadline), so it runs on a thread of its own, as the HTTP
/// client's transfers do, and the calling task awaits it through a
/// continuation: no cooperative thread waits on the network. A cancelled
/// task ends it within 100 ms (after name resolution, which has the
/// resolver's own timeouts).
public struct CWOPProtocol: UploadProtocol {
    /// The server when none is configured.
    public static let defaultServer = "cwop.aprs.net:14580"

    /// CWOP uses the wall clock, not the packet's time: only fresh readings.
    public var acceptsPastReadings: Bool { false }

    /// The callsign or CWOP id, upper case.
    public let callsign: String
    private let passcode: Secret?
    private let station: UploadStation
    private let position: APRSPosition
    private let host: String
    private let port: UInt16
    private let connectTimeoutSeconds: Double
    private let exchangeTimeoutSeconds: Double

    /// A CWOP destination for `station`, sending as `callsign` (a CWOP id
    /// such as `CW1234`, or a ham callsign with its APRS-IS `passcode`) to
    /// `server` (`host:port`). `connectTimeoutSeconds` bounds resolving
    /// and connecting; `exchangeTimeoutSeconds` each read and each write.
    /// - Throws: the configuration problem that makes reports impossible:
    ///   no position ("CWOP needs station.latitude and station.longitude"),
    ///   a position out of range, a callsign APRS does not take, a server
    ///   that is not `host:port`.
    public init(
        callsign: String, passcode: Secret?, station: UploadStation, server: String = CWOPProtocol.defaultServer,
        connectTimeoutSeconds: Double = 10, exchangeTimeoutSeconds: Double = 10
    ) throws(APRSWeatherReportError) {
        let callsign = callsign.uppercased()
        guard Self.isCallsign(callsign) else {
            throw APRSWeatherReportError(
                .notACallsign, "CWOP needs a callsign or CWOP id (1–6 letters and digits, an optional -SSID), not \"\(callsign)\"")
        }
        guard let (host, port) = Self.hostAndPort(server) else {
            throw APRSWeatherReportError(.notAServer, "the CWOP server must be host:port, not \"\(server)\"")
        }
        self.position = try APRSPosition(station: station)
        self.callsign = callsign
        self.passcode = passcode.flatMap { $0.isEmpty ? nil : $0 }
        self.station = station
        self.host = host
        self.port = port
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.exchangeTimeoutSeconds = exchangeTimeoutSeconds
    }

    /// Sends the newest of `readings` (the only one, by
    /// `maximumReadingsPerSend`).
    public func send(_ readings: [UploadReading]) async throws(UploadError) {
        guard let reading = readings.last else { return }
        let packet = APRSWeatherReport(callsign: callsign, reading: reading, station: station, position: position).line
        let cancellation = APRSISConnection.Cancellation()
        let result: Result<Void, UploadError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, UploadError>, Never>) in
                do {
                    try NamedThread(named: "cwop-upload") {
                        do throws(UploadError) {
                            try self.exchange(packet: packet, cancellation: cancellation)
                            continuation.resume(returning: .success(()))
                        } catch {
                            continuation.resume(returning: .failure(error))
                        }
                    }.detach()
                } catch {
                    continuation.resume(returning: .failure(UploadError(.unreachable, detail: "could not start a thread for the upload: \(error)")))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        try result.get()
    }

    /// The whole exchange, blocking: banner, login, answer, packet, close.
    private func exchange(packet: String, cancellation: APRSISConnection.Cancellation) throws(UploadError) {
        let connection = try APRSISConnection.open(host: host, port: port, timeoutSeconds: connectTimeoutSeconds, cancellation: cancellation)
        defer { connection.close() }
        let banner = try connection.readLine(timeoutSeconds: exchangeTimeoutSeconds, purpose: "banner")
        guard banner.hasPrefix("#") else {
            throw UploadError(.unreachable, detail: "\(host):\(port) is not an APRS-IS server: \(UploadError.words(banner))")
        }
        try connection.write(loginLine + "\r\n", timeoutSeconds: exchangeTimeoutSeconds, purpose: "login")
        let answer = try logresp(connection)
        try check(answer)
        try connection.write(packet + "\r\n", timeoutSeconds: exchangeTimeoutSeconds, purpose: "weather report")
        connection.finish(timeoutSeconds: exchangeTimeoutSeconds)
    }

    /// `user CALL pass PASSCODE vers tempest-gateway VERSION`.
    var loginLine: String {
        let code = passcode?.withValue { $0 } ?? "-1"
        return "user \(callsign) pass \(code) vers tempest-gateway \(GatewayVersion.current)"
    }

    /// The server's `# logresp …` line, skipping other comment lines (at
    /// most a few: each read has its own timeout, so the count bounds the wait).
    private func logresp(_ connection: APRSISConnection) throws(UploadError) -> String {
        for _ in 0..<Self.commentLinesBeforeAnswer {
            let line = try connection.readLine(timeoutSeconds: exchangeTimeoutSeconds, purpose: "login answer")
            if line.hasPrefix("# logresp") { return line }
        }
        throw UploadError(.unreachable, detail: "\(host):\(port): no logresp among the first \(Self.commentLinesBeforeAnswer) lines")
    }

    /// How many lines may come between the login and its answer.
    static let commentLinesBeforeAnswer = 5

    /// `.rejectedKey` when the server did not verify a ham callsign
    /// (`unverified`, whose packets are dropped). CWOP ids are always
    /// unverified, which is normal for them.
    private func check(_ answer: String) throws(UploadError) {
        let words = answer.split(separator: " ")
        let verdict = words.count > 3 ? String(words[3].filter { $0 != "," }) : ""
        guard verdict == "unverified", !Self.isCWOPIdentifier(callsign) else { return }
        let detail = passcode == nil
            ? "\(callsign) is a ham callsign: APRS-IS needs its passcode (the destination's key_file); the server said \(UploadError.words(answer))"
            : "the server did not verify the passcode for \(callsign): \(UploadError.words(answer))"
        throw UploadError(.rejectedKey, detail: detail)
    }

    /// Whether `callsign` is a CWOP id: C, D, E, F or G, then W, then
    /// digits only (`CW1234`, `EW0001`), which log in with `-1`.
    static func isCWOPIdentifier(_ callsign: String) -> Bool {
        let bytes = Array(callsign.utf8)
        guard bytes.count >= 3, (UInt8(ascii: "C")...UInt8(ascii: "G")).contains(bytes[0]), bytes[1] == UInt8(ascii: "W") else { return false }
        return bytes[2...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether APRS takes `callsign`: 1–6 letters and digits, then an
    /// optional `-` and 1–2 letters or digits (the SSID).
    static func isCallsign(_ callsign: String) -> Bool {
        let parts = callsign.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        func alphanumeric(_ part: Substring, _ lengths: ClosedRange<Int>) -> Bool {
            lengths.contains(part.utf8.count)
                && part.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        return alphanumeric(parts[0], 1...6) && (parts.count == 1 || alphanumeric(parts[1], 1...2))
    }

    /// `host:port` (`[v6 address]:port` too) split; nil when it is not one.
    static func hostAndPort(_ server: String) -> (host: String, port: UInt16)? {
        guard let colon = server.lastIndex(of: ":"), let port = UInt16(server[server.index(after: colon)...]), port > 0 else { return nil }
        var host = server[..<colon]
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty, !host.contains(" ") else { return nil }
        return (String(host), port)
    }
}
