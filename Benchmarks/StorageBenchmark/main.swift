// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
// StorageBenchmark: insert rate through StoreWriter group commit, and bytes
// on disk per station-day for a realistic Tempest day, before and after
// retention turns raw rapid wind into per-minute aggregates.
//
// Run in release: swift run -c release StorageBenchmark
// Works in a fresh temporary directory and removes it at the end.
import Glibc
import Logging
import Storage

// MARK: Helpers

func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// `value` with `decimals` digits after the point (no Foundation formatting).
func formatted(_ value: Double, decimals: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...]
        if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
    }
    return text
}

func fileSize(_ path: String) -> Int64 {
    var information = stat()
    return stat(path, &information) == 0 ? Int64(information.st_size) : 0
}

/// SplitMix64, so every run measures the same data.
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
    mutating func rounded(_ value: Double, _ decimals: Double) -> Double { (value * decimals).rounded() / decimals }
}

let serial = "ST-00187342"
let hub = "HB-00094417"
let firstDay: Int64 = 1_705_276_800  // 2024-01-15 00:00 UTC

/// One realistic Tempest day as the hub broadcasts it: obs_st each minute,
/// rapid wind every 3 s, device_status each minute, hub_status every 10 s,
/// a few strikes and a rain start.
func realisticDay(_ dayStart: Int64, random: inout SeededRandom) -> [StoreWrite] {
    var writes: [StoreWrite] = []
    writes.reserveCapacity(40_000)
    var direction = Double(random.next() % 360)
    for minute in 0..<1_440 {
        let time = dayStart + Int64(minute) * 60
        let dayFraction = Double(minute) / 1_440
        let daylight = max(0, sin((dayFraction - 0.25) * 2 * Double.pi))
        var speeds: [Double] = []
        for sample in 0..<20 {
            direction = (direction + (random.unit() - 0.5) * 20 + 360).truncatingRemainder(dividingBy: 360)
            let speed = random.rounded(max(0, 2.5 + 2 * sin(dayFraction * 6) + (random.unit() - 0.5) * 2), 100)
            speeds.append(speed)
            writes.append(.rapidWind(RapidWindRecord(serial: serial, timestamp: time + Int64(sample) * 3, speedMetersPerSecond: speed, directionDegrees: Int(direction))))
        }
        var observation = ObservationRecord(serial: serial, timestamp: time, kind: .tempest, source: .udp, receivedAt: time + Int64(random.next() % 2))
        observation.hubSerial = hub
        observation.firmwareRevision = 171
        observation.windLullMetersPerSecond = speeds.min()
        observation.windAverageMetersPerSecond = random.rounded(speeds.reduce(0, +) / Double(speeds.count), 100)
        observation.windGustMetersPerSecond = speeds.max()
        observation.windDirectionDegrees = Int(direction)
        observation.windSampleIntervalSeconds = 3
        observation.stationPressureMillibars = random.rounded(1_012 + 3 * sin(dayFraction * 3) + random.unit() * 0.1, 100)
        observation.airTemperatureCelsius = random.rounded(8 + 7 * daylight + random.unit() * 0.2, 100)
        observation.relativeHumidityPercent = random.rounded(85 - 30 * daylight + random.unit(), 100)
        observation.illuminanceLux = Int(90_000 * daylight * (0.8 + 0.2 * random.unit()))
        observation.uvIndex = random.rounded(8 * daylight, 100)
        observation.solarRadiationWattsPerSquareMeter = Int(750 * daylight)
        observation.rainAccumulatedMillimeters = (600..<640).contains(minute) ? random.rounded(random.unit() * 0.3, 1_000_000) : 0
        observation.precipitationType = (600..<640).contains(minute) ? 1 : 0
        observation.lightningStrikeAverageDistanceKilometers = minute == 620 ? 12 : 0
        observation.lightningStrikeCount = minute == 620 ? 3 : 0
        observation.batteryVolts = random.rounded(2.6 + daylight * 0.1, 1_000)
        observation.reportIntervalMinutes = 1
        writes.append(.observation(observation))
        writes.append(.deviceStatus(DeviceStatusRecord(serial: serial, hubSerial: hub, timestamp: time + 7, uptimeSeconds: time - firstDay, voltageVolts: observation.batteryVolts, firmwareRevision: 171, rssiDecibels: -60 - Int(random.next() % 10), hubRSSIDecibels: -62 - Int(random.next() % 10), sensorStatus: 0, debug: 0)))
        for tick in 0..<6 {
            writes.append(.hubStatus(HubStatusRecord(serial: hub, timestamp: time + Int64(tick) * 10, uptimeSeconds: time - firstDay, rssiDecibels: -50 - Int(random.next() % 10), firmware: "171", resetFlags: "BOR,PIN,POR", sequence: Int64(minute * 6 + tick), radioStats: [25, 1, 0, 3, 16_529])))
        }
        if minute == 600 { writes.append(.rainStart(RainStartRecord(serial: serial, timestamp: time + 5))) }
        if minute == 620 {
            for strike in 0..<3 {
                writes.append(.lightningStrike(LightningStrikeRecord(serial: serial, timestamp: time + Int64(strike) * 11, distanceKilometers: 10 + strike, energy: 1_000 + strike * 300)))
            }
        }
    }
    return writes
}

func makeWriter(_ path: String) throws -> StoreWriter {
    var configuration = StoreWriterConfiguration()
    configuration.pruneIntervalSeconds = nil
    return try StoreWriter(path: path, configuration: configuration, logger: Logger(label: "benchmark") { _ in SwiftLogNoOpLogHandler() })
}

// MARK: Benchmark

var template = Array("/tmp/tempest-storage-benchmark-XXXXXX".utf8CString)
guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    print("cannot create a temporary directory")
    exit(1)
}
let directory = String(cString: created)
defer {
    for suffix in ["", "-wal", "-shm"] {
        unlink(directory + "/rate.sqlite" + suffix)
        unlink(directory + "/days.sqlite" + suffix)
    }
    rmdir(directory)
}

do {
    print("Storage benchmark (SQLite \(Database.libraryVersion), temp dir \(directory))")

    // 1. Observation rows per second through group commit, one submit per row.
    do {
        let rows = 200_000
        let writer = try makeWriter(directory + "/rate.sqlite")
        var random = SeededRandom(state: 1)
        var records: [ObservationRecord] = []
        records.reserveCapacity(rows)
        for index in 0..<rows {
            var record = ObservationRecord(serial: serial, timestamp: firstDay + Int64(index) * 60, kind: .tempest, source: .udp, receivedAt: firstDay + Int64(index) * 60)
            record.airTemperatureCelsius = random.rounded(10 + random.unit() * 10, 100)
            record.stationPressureMillibars = random.rounded(1_000 + random.unit() * 30, 100)
            record.relativeHumidityPercent = random.rounded(random.unit() * 100, 100)
            record.windAverageMetersPerSecond = random.rounded(random.unit() * 10, 100)
            record.windLullMetersPerSecond = 0.5
            record.windGustMetersPerSecond = 9.5
            record.windDirectionDegrees = Int(random.next() % 360)
            record.illuminanceLux = Int(random.next() % 100_000)
            record.batteryVolts = 2.61
            record.reportIntervalMinutes = 1
            records.append(record)
        }
        let start = seconds()
        for record in records {
            while true {
                do {
                    try writer.submit(.observation(record))
                    break
                } catch {
                    usleep(100)  // the bounded queue is full: wait for the writer
                }
            }
        }
        try await writer.flush()
        let elapsed = seconds() - start
        let status = writer.status
        writer.shutdown()
        print("observation insert rate (group commit, \(rows) rows): \(Int(Double(rows) / elapsed)) rows/s  (\(status.commitSequence) commits, \(formatted(elapsed, decimals: 2)) s)")
    }

    // 2. A realistic mix (rapid wind, obs, status) as datagrams per second.
    do {
        let writer = try makeWriter(directory + "/days.sqlite")
        var random = SeededRandom(state: 7)
        var perDay: [Int64] = []
        var mixRecords = 0
        var mixSeconds = 0.0
        // Long enough for days past 14 to be packed: days 22-28 show the steady state.
        let days = 28
        var tableBytes: [(String, Int64, Int64, Int64)] = []
        for day in 0..<days {
            let dayStart = firstDay + Int64(day) * 86_400
            let writes = realisticDay(dayStart, random: &random)
            let start = seconds()
            var index = 0
            while index < writes.count {
                let end = min(index + 100, writes.count)
                do {
                    try writer.submit(Array(writes[index..<end]))
                    index = end
                } catch {
                    usleep(100)
                }
            }
            try await writer.flush()
            mixSeconds += seconds() - start
            mixRecords += writes.count
            // Retention at the end of the day, then vacuum and checkpoint so the file size is honest.
            let dayEnd = dayStart + 86_400
            _ = try await writer.perform { store in try store.pruneAll(now: dayEnd, policy: RetentionPolicy()) }
            _ = try await writer.vacuumNow()
            try await writer.perform { store in try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            perDay.append(fileSize(directory + "/days.sqlite"))
            if day == days - 1 {
                tableBytes = try await writer.perform { store in
                    var sizes: [(String, Int64, Int64, Int64)] = []
                    let statement = try store.database.statement(
                        "SELECT name, sum(pgsize), sum(payload), sum(ncell) FROM dbstat GROUP BY name HAVING sum(ncell) > 0 ORDER BY 2 DESC")
                    defer { statement.reset() }
                    while try statement.step() {
                        sizes.append((statement.string(0) ?? "?", statement.int64(1) ?? 0, statement.int64(2) ?? 0, statement.int64(3) ?? 0))
                    }
                    return sizes
                }
            }
        }
        writer.shutdown()
        print("realistic mix (rapid wind, obs_st, device and hub status, events): \(Int(Double(mixRecords) / mixSeconds)) records/s over \(mixRecords) records")
        print("  20,000 datagrams/s would use about \(formatted(2_000_000 / (Double(mixRecords) / mixSeconds))) % of this capacity")
        print("records per station-day: \(mixRecords / days) (1440 obs_st, 28800 rapid_wind, 1440 device_status, 8640 hub_status, events)")
        let kilobyte = 1_024.0
        print("bytes on disk per station-day (file after retention, incremental vacuum and checkpoint):")
        print("  after day 1:                         \(formatted(Double(perDay[0]) / kilobyte)) KB")
        print("  first 7 days (raw rapid wind kept):  \(formatted(Double(perDay[6]) / 7 / kilobyte)) KB/day")
        let steady = Double(perDay[days - 1] - perDay[20]) / Double(days - 1 - 20)
        print("  steady state (growth, days 22-28):   \(formatted(steady / kilobyte)) KB/day (days past 14 packed)")
        print("  a station-year at that rate:         \(formatted(steady * 365 / kilobyte / kilobyte)) MB")
        print("  file after \(days) days:                \(formatted(Double(perDay[days - 1]) / kilobyte / kilobyte, decimals: 2)) MB")
        if !tableBytes.isEmpty {
            print("  pages by table/index after \(days) days (bytes in pages / record payload / cells):")
            for (name, bytes, payload, cells) in tableBytes {
                print("    \(name): \(formatted(Double(bytes) / kilobyte)) KB / \(formatted(Double(payload) / kilobyte)) KB / \(cells)")
            }
        }
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
