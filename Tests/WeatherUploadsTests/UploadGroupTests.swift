// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Glibc
import Logging
import Pipeline
import Storage
import TempestTestKit
import Testing
import WeatherUploads

/// The group of destinations: each with its own position, and a reload
/// that restarts only the destinations that changed.
@Suite struct UploadGroupTests {
    static let serial = "ST-00012345"

    struct Run {
        let inbox: StoreInbox
        let writer: StoreWriter
        let group: UploadGroup
        let task: Task<Void, Never>
    }

    static func member(
        number: Int, fingerprint: String, service: UploadDestinationTests.RecordingService, inbox: StoreInbox, path: String
    ) -> UploadMember {
        var values = ConfigurationLoader.resolve(
            fileText: "[[upload]]\nservice = \"wow\"\nid = \"\(number)\"\n", path: nil, environment: [:]
        ).configuration.uploads[0]
        values.intervalSeconds = 300
        let destination = UploadDestinationTests.destination(service)
        let sink = CursorSink(
            name: "upload \(number)", cursorName: "upload wow \(number) \(fingerprint)", inbox: inbox, databasePath: path,
            destination: destination, gatherSeconds: 0, retryDelaySeconds: 0.05, maximumRetryDelaySeconds: 0.1)
        return UploadMember(number: number, table: values, fingerprint: fingerprint, sink: sink, destination: destination)
    }

    static func observation(_ timestamp: Int64) -> StoreWrite {
        var record = ObservationRecord(serial: serial, timestamp: timestamp, kind: .tempest, source: .udp)
        record.airTemperatureCelsius = 21
        return .observation(record)
    }

    @Test func aReloadRestartsOnlyTheChangedDestinationAndForgetsARemovedOnesPosition() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("group.db")
        var configuration = StoreWriterConfiguration()
        configuration.keepsCommitJournal = true
        configuration.maximumBatchDelaySeconds = 0.01
        let inbox = StoreInbox(configuration: configuration)
        let first = UploadDestinationTests.RecordingService(acceptsPastReadings: true)
        let second = UploadDestinationTests.RecordingService(acceptsPastReadings: true)
        let one = Self.member(number: 1, fingerprint: "a", service: first, inbox: inbox, path: path)
        let two = Self.member(number: 2, fingerprint: "b", service: second, inbox: inbox, path: path)
        let group = UploadGroup(members: [one, two], inbox: inbox, logger: Logger(label: "test"))
        let writer = try StoreWriter(path: path, inbox: inbox, observers: [group])
        try await group.start()
        let task = Task { await group.run() }
        let now = Int64(time(nil))
        _ = try writer.submit(Self.observation(now - 600))
        try await writer.flush()
        for _ in 0..<500 where first.readings.isEmpty || second.readings.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(first.readings.map(\.timestamp) == [now - 600])
        #expect(second.readings.map(\.timestamp) == [now - 600])

        // Number 2 changes, number 1 does not, number 3 is new.
        let third = UploadDestinationTests.RecordingService(acceptsPastReadings: true)
        let twoChanged = Self.member(number: 2, fingerprint: "c", service: second, inbox: inbox, path: path)
        let three = Self.member(number: 3, fingerprint: "d", service: third, inbox: inbox, path: path)
        let (started, stopped) = await group.replace(with: [Self.member(number: 1, fingerprint: "a", service: first, inbox: inbox, path: path), twoChanged, three])
        #expect(started == [2, 3])
        #expect(stopped == [2])
        // Number 1 goes on as it was: the same sink, the same schedule.
        #expect(group.members.map(\.number) == [1, 2, 3])
        #expect(group.members[0].sink === one.sink)
        #expect(group.members[1].sink === twoChanged.sink)
        let cursors = try await writer.perform { store in
            try ["upload wow 1 a", "upload wow 2 b", "upload wow 2 c", "upload wow 3 d"].map { try store.sinkCursor(named: $0) != nil }
        }
        #expect(cursors == [true, false, true, true])

        _ = try writer.submit(Self.observation(now))
        try await writer.flush()
        for _ in 0..<500 where first.readings.count < 2 || third.readings.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(first.readings.map(\.timestamp) == [now - 600, now])
        // The new destinations start at the journal's end: only what came after.
        #expect(third.readings.map(\.timestamp) == [now])
        task.cancel()
        await task.value
        await group.stop()
        writer.shutdown()
    }
}
