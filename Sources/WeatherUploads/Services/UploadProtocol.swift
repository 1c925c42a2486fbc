// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// One weather network's upload protocol: how readings become its request,
/// and what its answers mean. One value per `[[upload]]` destination, made
/// with the station id, the key and the endpoint.
public protocol UploadProtocol: Sendable {
    /// Whether the service takes readings from the past (a gap after an
    /// outage is then filled from the store; otherwise only the newest
    /// reading is sent, and only while it is fresh).
    var acceptsPastReadings: Bool { get }

    /// The most readings one `send` carries (1 for most services).
    var maximumReadingsPerSend: Int { get }

    /// Sends `readings` (oldest first, at most `maximumReadingsPerSend`);
    /// returns once the service accepted them.
    ///
    /// - Throws: `UploadError`: `.rejectedKey` for a refused id or key (in
    ///   the service's words, never the key), `.tooSoon` with the wait the
    ///   service asked for, `.refused` for other error answers,
    ///   `.unreachable` when there was no answer within the timeout.
    func send(_ readings: [UploadReading]) async throws(UploadError)
}

extension UploadProtocol {
    /// Most services take no past readings.
    public var acceptsPastReadings: Bool { false }

    /// Most services take one reading a request.
    public var maximumReadingsPerSend: Int { 1 }
}
