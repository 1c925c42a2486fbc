// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
// StorageCrashHarness <database path> <seed>
//
// A child process for the storage crash test: ingests a synthetic replayed
// Tempest day (then the following days) through `StoreWriter` as fast as it
// can, until it is killed. It resumes after the newest stored observation,
// so a restart continues instead of starting over.
//
// Standard output, one line per event, flushed at once:
//   start <first observation timestamp>
//   ack <id,id,...>                      before acknowledging outbox messages
//   committed <sequence> <last committed observation timestamp or 0> <undelivered outbox ids, comma-separated or ->
// Every observation up to the reported timestamp is committed, and every
// reported outbox id is committed and was not acknowledged before the line.
import Glibc
import Storage

let serial = "ST-00CRASH1"
let hub = "HB-00CRASH1"
let dayStart: Int64 = 1_700_006_400  // 2023-11-15 00:00 UTC
let maximumDays: Int64 = 30

/// Writes `text` straight to a file descriptor (no stdio buffer to lose on SIGKILL).
func emit(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        guard written > 0 else { return }
        offset += written
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
    emit("usage: StorageCrashHarness <database path> <seed>\n", to: STDERR_FILENO)
    exit(2)
}
let path = arguments[1]

/// A small deterministic generator (SplitMix64), so a seed replays the same run.
struct SeededRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// What the harness knows, shared between its main thread and the writer's commit callback.
final class HarnessState: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    /// Submission number → observation timestamp, for observations not yet reported committed.
    private var pendingObservations: [(submission: UInt64, timestamp: Int64)] = []
    private var lastCommittedObservation: Int64 = 0
    /// Committed outbox ids not yet handed to acknowledgement.
    private var undelivered: [Int64] = []

    init(undelivered: [Int64], lastCommittedObservation: Int64) {
        pthread_mutex_init(&mutex, nil)
        self.undelivered = undelivered
        self.lastCommittedObservation = lastCommittedObservation
    }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    func submittedObservation(_ submission: UInt64, timestamp: Int64) {
        locked { pendingObservations.append((submission, timestamp)) }
    }

    func committed(_ report: CommitReport) {
        let line: String = locked {
            while let first = pendingObservations.first, first.submission <= report.committedThrough {
                lastCommittedObservation = first.timestamp
                pendingObservations.removeFirst()
            }
            undelivered.append(contentsOf: report.outboxAssignments.compactMap(\.id))
            let ids = undelivered.isEmpty ? "-" : undelivered.map(String.init).joined(separator: ",")
            return "committed \(report.sequence) \(lastCommittedObservation) \(ids)\n"
        }
        emit(line)
    }

    /// Takes all but the newest `keep` undelivered ids for acknowledgement, printing them first.
    func takeForAcknowledgement(keeping keep: Int) -> [Int64] {
        locked {
            guard undelivered.count > keep else { return [] }
            let taken = Array(undelivered.prefix(undelivered.count - keep))
            undelivered.removeFirst(taken.count)
            emit("ack \(taken.map(String.init).joined(separator: ","))\n")
            return taken
        }
    }
}

do {
    // Resume after what is stored.
    let reader = try Store(path: path)
    let newest = try reader.recentObservations(serial: serial, count: 1).first?.timestamp
    let waiting = try reader.nextOutboxBatch(limit: 1_000_000).map(\.id)
    let start = newest.map { $0 + 60 } ?? dayStart
    let state = HarnessState(undelivered: waiting, lastCommittedObservation: newest ?? 0)
    var configuration = StoreWriterConfiguration()
    configuration.maximumBatchDelaySeconds = 0.05
    configuration.pruneIntervalSeconds = nil
    let writer = try StoreWriter(path: path, configuration: configuration, onCommit: { state.committed($0) })
    emit("start \(start)\n")

    var random = SeededRandom(state: seed)
    var minute = start
    while minute < dayStart + maximumDays * 86_400 {
        // Rapid wind every 3 s, with a rapid-wind outbox message once a minute.
        var writes: [StoreWrite] = []
        for second in stride(from: Int64(0), to: 60, by: 3) {
            let speed = (3 + 2 * random.unit() * 100).rounded() / 100
            writes.append(.rapidWind(RapidWindRecord(serial: serial, timestamp: minute + second, speedMetersPerSecond: speed, directionDegrees: Int(random.next() % 360))))
            if second == 30 {
                writes.append(.outbox(OutboxMessage(topic: "tempest/\(serial)/rapid_wind", payload: Array("\(speed)".utf8), qos: 0, retain: false, priority: .rapidWind, createdAt: minute + second)))
            }
        }
        if random.next() % 50 == 0 {
            writes.append(.lightningStrike(LightningStrikeRecord(serial: serial, timestamp: minute + 17, distanceKilometers: Int(random.next() % 40), energy: Int(random.next() % 5000))))
        }
        writes.append(.deviceStatus(DeviceStatusRecord(serial: serial, hubSerial: hub, timestamp: minute + 5, uptimeSeconds: minute - dayStart, voltageVolts: 2.6, firmwareRevision: 171, rssiDecibels: -60, hubRSSIDecibels: -62, sensorStatus: 0, debug: 0)))
        var observation = ObservationRecord(serial: serial, timestamp: minute, kind: .tempest, source: .udp, receivedAt: minute + 1)
        observation.hubSerial = hub
        observation.airTemperatureCelsius = 10 + 5 * random.unit()
        observation.stationPressureMillibars = 1010 + random.unit()
        observation.windAverageMetersPerSecond = 3.1
        observation.batteryVolts = 2.61
        observation.reportIntervalMinutes = 1
        writes.append(.observation(observation))
        writes.append(.outbox(OutboxMessage(topic: "tempest/\(serial)/observation", payload: Array("{\"t\":\(minute)}".utf8), qos: 1, retain: false, priority: .observation, createdAt: minute)))

        // Back-pressure: wait while the writer is far behind.
        while writer.status.pendingCount > 20_000 { usleep(1_000) }
        let submission = try writer.submit(writes)
        state.submittedObservation(submission, timestamp: minute)

        // Acknowledge most committed messages, as a publisher would after delivery.
        do {
            let ids = state.takeForAcknowledgement(keeping: 10)
            if !ids.isEmpty { try writer.submit(.acknowledgeOutbox(ids)) }
        }
        minute += 60
    }
    try await writer.flush()
    writer.shutdown()
    emit("done\n")
} catch {
    emit("StorageCrashHarness failed: \(error)\n", to: STDERR_FILENO)
    exit(1)
}
