// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
// Decoder throughput: datagrams per second for full decoding with every
// value read, release build, one thread. Run with scripts/benchmark.sh.
//
// Three workloads: (a) a realistic mix (per minute: 20 rapid_wind,
// 6 hub_status, 1 obs_st, 1 device_status, and occasional strikes and rain
// starts), (b) obs_st only, (c) rapid_wind only.
import Glibc
import TempestUDP

let baseTime: Int64 = 1_705_334_400

func rapidWind(_ second: Int64) -> String {
    let speed = Double((second * 37) % 900) / 100
    return #"{"serial_number":"ST-00187342","type":"rapid_wind","hub_sn":"HB-00094417","ob":[\#(baseTime + second),\#(speed),\#((second * 13) % 360)]}"#
}

func observation(_ minute: Int64) -> String {
    let temperature = 5.0 + Double(minute % 120) / 10
    let pressure = 998.0 + Double(minute % 50) / 100
    return #"{"serial_number":"ST-00187342","type":"obs_st","hub_sn":"HB-00094417","obs":[[\#(baseTime + minute * 60),0.9,3.1,6.4,196,3,\#(pressure),\#(temperature),94.1,2870,0.09,24,0.140000,1,0,0,2.512,1]],"firmware_revision":179}"#
}

func hubStatus(_ second: Int64) -> String {
    #"{"serial_number":"HB-00094417","type":"hub_status","firmware_revision":"194","uptime":\#(1_209_644 + second),"rssi":-49,"timestamp":\#(baseTime + second),"reset_flags":"BOR,PIN,POR","seq":\#(120_961 + second / 10),"fs":[1,0,15675411,524288],"radio_stats":[25,1,0,3,46307],"mqtt_stats":[7,0]}"#
}

func deviceStatus(_ minute: Int64) -> String {
    #"{"serial_number":"ST-00187342","type":"device_status","hub_sn":"HB-00094417","timestamp":\#(baseTime + minute * 60 + 1),"uptime":\#(8_634_012 + minute * 60),"voltage":2.512,"firmware_revision":179,"rssi":-71,"hub_rssi":-68,"sensor_status":0,"debug":0}"#
}

func realisticHour() -> [[UInt8]] {
    var datagrams = [String]()
    for minute in Int64(0)..<60 {
        for sample in Int64(0)..<20 { datagrams.append(rapidWind(minute * 60 + sample * 3)) }
        for report in Int64(0)..<6 { datagrams.append(hubStatus(minute * 60 + report * 10)) }
        datagrams.append(observation(minute))
        datagrams.append(deviceStatus(minute))
        if minute % 5 == 0 {
            datagrams.append(#"{"serial_number":"ST-00187342","type":"evt_strike","hub_sn":"HB-00094417","evt":[\#(baseTime + minute * 60 + 7),9,2614]}"#)
        }
        if minute % 30 == 0 {
            datagrams.append(#"{"serial_number":"ST-00187342","type":"evt_precip","hub_sn":"HB-00094417","evt":[\#(baseTime + minute * 60 + 9)]}"#)
        }
    }
    return datagrams.map { Array($0.utf8) }
}

/// Reads every value of a message, so the optimiser cannot skip decoding.
@inline(never)
func consume(_ message: TempestMessage) -> Double {
    var sum = Double(message.timestamp.secondsSince1970 & 0xFF)
    sum += Double(message.envelope.serialNumber.rawValue.utf8.count)
    sum += Double(message.envelope.hubSerialNumber?.rawValue.utf8.count ?? 0)
    sum += Double(message.envelope.firmwareRevision?.numericValue ?? 0)
    switch message {
    case .rainStart(let event):
        sum += Double(event.timestamp.secondsSince1970 & 1)
    case .lightningStrike(let event):
        sum += (event.distanceKilometers ?? 0) + (event.energy ?? 0)
    case .rapidWind(let wind):
        sum += (wind.windSpeedMetersPerSecond ?? 0) + (wind.windDirectionDegrees ?? 0)
    case .tempestObservation(let observation):
        for row in observation.rows {
            sum += (row.windLullMetersPerSecond ?? 0) + (row.windAverageMetersPerSecond ?? 0)
            sum += (row.windGustMetersPerSecond ?? 0) + (row.windDirectionDegrees ?? 0)
            sum += Double(row.windSampleIntervalSeconds ?? 0) + (row.stationPressureMillibars ?? 0)
            sum += (row.airTemperatureCelsius ?? 0) + (row.relativeHumidityPercent ?? 0)
            sum += (row.illuminanceLux ?? 0) + (row.uvIndex ?? 0) + (row.solarRadiationWattsPerSquareMeter ?? 0)
            sum += (row.rainAccumulatedMillimeters ?? 0) + Double(row.precipitationType?.code ?? 0)
            sum += (row.lightningStrikeAverageDistanceKilometers ?? 0) + Double(row.lightningStrikeCount ?? 0)
            sum += (row.batteryVolts ?? 0) + Double(row.reportIntervalMinutes ?? 0)
        }
    case .airObservation(let observation):
        for row in observation.rows { sum += (row.airTemperatureCelsius ?? 0) + (row.stationPressureMillibars ?? 0) }
    case .skyObservation(let observation):
        for row in observation.rows { sum += (row.windAverageMetersPerSecond ?? 0) + (row.uvIndex ?? 0) }
    case .deviceStatus(let status):
        sum += Double(status.uptimeSeconds ?? 0) + (status.voltageVolts ?? 0) + Double(status.rssiDecibels ?? 0)
        sum += Double(status.hubRSSIDecibels ?? 0) + Double(status.sensorStatus?.rawValue ?? 0)
        sum += Double(status.debugMode ?? 0)
    case .hubStatus(let status):
        sum += Double(status.uptimeSeconds ?? 0) + Double(status.rssiDecibels ?? 0)
        sum += Double(status.sequenceNumber ?? 0) + Double(status.resetFlagsText?.utf8.count ?? 0)
        for value in status.fileSystemStats ?? [] { sum += Double(value ?? 0) }
        for value in status.radioStats?.rawValues ?? [] { sum += Double(value ?? 0) }
        for value in status.mqttStats ?? [] { sum += Double(value ?? 0) }
    }
    return sum
}

func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Decodes `datagrams` round after round for about `seconds`; returns datagrams/s.
func measure(_ datagrams: [[UInt8]], seconds: Double) -> (rate: Double, checksum: Double) {
    let decoder = DatagramDecoder()
    var checksum = 0.0
    var decoded = 0
    // Warm-up round.
    for datagram in datagrams { if case .decoded(let message, _) = decoder.decode(datagram) { checksum += consume(message) } }
    let start = monotonicSeconds()
    var elapsed = 0.0
    repeat {
        for datagram in datagrams {
            guard case .decoded(let message, _) = decoder.decode(datagram) else {
                fatalError("benchmark datagram failed to decode: \(String(decoding: datagram, as: UTF8.self))")
            }
            checksum += consume(message)
        }
        decoded += datagrams.count
        elapsed = monotonicSeconds() - start
    } while elapsed < seconds
    return (Double(decoded) / elapsed, checksum)
}

/// `--rounds N`: decode each workload exactly N times, for instruction
/// counting under valgrind, where wall time means nothing.
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--rounds" {
    let rounds = Int(CommandLine.arguments[2]) ?? 1
    let decoder = DatagramDecoder()
    var checksum = 0.0
    var count = 0
    for datagram in realisticHour() {
        for _ in 0..<rounds {
            if case .decoded(let message, _) = decoder.decode(datagram) { checksum += consume(message) }
            count += 1
        }
    }
    print("decoded \(count) datagrams of the realistic mix (checksum \(Int(checksum) % 1000))")
    exit(0)
}

let seconds = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 2 : 2
let mix = realisticHour()
let observations = (Int64(0)..<600).map { Array(observation($0).utf8) }
let winds = (Int64(0)..<600).map { Array(rapidWind($0 * 3).utf8) }

// Shared virtual machines vary by tens of percent from second to second, so
// each workload runs in five rounds; the best round shows what the code can
// do, the median what a busy machine gives. scripts/decoder-instructions.sh
// counts instructions, which no neighbour can disturb.
let rounds = 5
print("Decoder benchmark: full decoding with every value read, release build, one thread")
print("(\(rounds) rounds of \(seconds / Double(rounds)) s per workload; datagrams per second, best and median)")
for (name, datagrams) in [("realistic mix", mix), ("obs_st only", observations), ("rapid_wind only", winds)] {
    var rates = [Double]()
    var checksum = 0.0
    for _ in 0..<rounds {
        let (rate, roundChecksum) = measure(datagrams, seconds: seconds / Double(rounds))
        rates.append(rate)
        checksum += roundChecksum
    }
    rates.sort()
    let averageBytes = datagrams.reduce(0) { $0 + $1.count } / datagrams.count
    print(
        "  \(name): best \(Int(rates.last!)), median \(Int(rates[rounds / 2])) datagrams per second "
            + "(average \(averageBytes) bytes per datagram; checksum \(Int(checksum) % 1000))")
}
