// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
// Writes a realistic, deterministic sample day of Tempest hub datagrams:
// one station near Denver (America/Denver, 1609 m), Saturday 2024-07-13 from
// local midnight to local midnight (06:00 UTC to 06:00 UTC). A clear morning
// with a diurnal temperature swing, gusty afternoon wind, a light shower
// around 13:40 local time and a thunderstorm with hail around 17:10.
//
// The output is the repository's `Samples/sample-day.jsonl`: one datagram per
// line in the order the hub would send them, at the real cadences (rapid_wind
// every 3 s, hub_status every 10 s, obs_st and device_status every minute,
// evt_precip at each rain start, evt_strike per strike). `replay` sends it.
//
// Usage: SampleDay > Samples/sample-day.jsonl
import Glibc

let stationSerial = "ST-00054321"
let hubSerial = "HB-00012345"
let dayStartUTC: Int64 = 1_720_850_400  // 2024-07-13T06:00:00Z = 00:00 MDT
let secondsPerDay: Int64 = 86_400

/// A small deterministic generator (SplitMix64) so the file never changes.
struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
    /// Uniform in 0 ..< 1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// Roughly normal, mean 0, standard deviation 1.
    mutating func gaussian() -> Double { (0..<6).reduce(0) { sum, _ in sum + unit() } - 3 }
}

var random = Random(state: 2024_07_13)

/// Local hours since midnight for a UTC instant.
func localHour(_ time: Int64) -> Double { Double(time - dayStartUTC) / 3600 }

func airTemperature(_ hour: Double) -> Double {
    // Minimum 17 °C near 05:30, maximum 33 °C near 15:30, cooled by the storm.
    var temperature = 25 - 8 * cos((hour - 5.5) / 24 * 2 * .pi) - 1.5 * cos((hour - 5.5) / 12 * 2 * .pi)
    if hour >= 17 && hour < 20 { temperature -= 9 * exp(-(hour - 17.3) * 0.9) * min(1, (hour - 17) * 4) }
    return temperature
}

func relativeHumidity(_ hour: Double, _ temperature: Double) -> Double {
    var humidity = 62 - (temperature - 17) * 2.4
    if hour >= 13.6 && hour < 14.2 { humidity += 18 }
    if hour >= 17 && hour < 19 { humidity += 35 * exp(-(hour - 17.4)) }
    return min(99, max(8, humidity))
}

func stationPressure(_ hour: Double) -> Double {
    var pressure = 838.2 + 0.9 * cos((hour - 10) / 12 * 2 * .pi) - 0.6 * (hour / 24)
    if hour >= 16.8 && hour < 18 { pressure += 1.8 * sin((hour - 16.8) / 1.2 * .pi) }
    return pressure
}

func meanWind(_ hour: Double) -> Double {
    var speed = 1.2 + 3.8 * max(0, sin((hour - 9) / 12 * .pi))
    if hour >= 17 && hour < 17.8 { speed += 9 }
    return speed
}

func windDirection(_ hour: Double) -> Double {
    hour < 10 ? 190 : (hour < 17 ? 230 : (hour < 18 ? 300 : 170))
}

/// Rain in mm per minute at a local hour.
func rainPerMinute(_ hour: Double) -> Double {
    if hour >= 13.65 && hour < 14.1 { return 0.05 + 0.1 * sin((hour - 13.65) / 0.45 * .pi) }
    if hour >= 17.08 && hour < 17.9 { return 0.1 + 0.7 * sin((hour - 17.08) / 0.82 * .pi) }
    return 0
}

func sunElevationFactor(_ hour: Double) -> Double {
    max(0, sin((hour - 5.7) / 14.6 * .pi))
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    let negative = scaled < 0
    let magnitude = Int64(abs(scaled))
    let whole = magnitude / Int64(scale)
    var fraction = String(magnitude % Int64(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    let sign = negative && magnitude != 0 ? "-" : ""
    return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
}

var lines = [String]()
var strikesThisMinute: [(distance: Int, time: Int64)] = []
var rainingPreviousMinute = false
var recentSpeeds: [Double] = []
var hubSequence: Int64 = 48_210
let stationUptimeAtStart: Int64 = 4_012_345
let hubUptimeAtStart: Int64 = 2_345_678

for second in stride(from: Int64(0), to: secondsPerDay, by: 1) {
    let time = dayStartUTC + second
    let hour = localHour(time)
    if second % 3 == 0 {
        let gustiness = 0.35 * meanWind(hour)
        let speed = max(0, meanWind(hour) + gustiness * random.gaussian())
        let direction = (windDirection(hour) + 25 * random.gaussian() + 360).truncatingRemainder(dividingBy: 360)
        recentSpeeds.append(speed)
        lines.append(
            #"{"serial_number":"\#(stationSerial)","type":"rapid_wind","hub_sn":"\#(hubSerial)","ob":[\#(time),\#(format(speed, decimals: 2)),\#(Int(direction))]}"#
        )
    }
    // Thunderstorm strikes: about one every 20 s between 16:55 and 17:50, approaching then leaving.
    if hour >= 16.9 && hour < 17.85 && random.unit() < 0.05 {
        let distance = max(1, Int(abs(hour - 17.35) * 40 + 2 + random.gaussian() * 2))
        strikesThisMinute.append((distance, time))
        let energy = Int(random.unit() * 20_000) + 200
        lines.append(
            #"{"serial_number":"\#(stationSerial)","type":"evt_strike","hub_sn":"\#(hubSerial)","evt":[\#(time),\#(distance),\#(energy)]}"#
        )
    }
    if second % 60 == 0 {
        let raining = rainPerMinute(hour) > 0
        if raining && !rainingPreviousMinute {
            lines.append(#"{"serial_number":"\#(stationSerial)","type":"evt_precip","hub_sn":"\#(hubSerial)","evt":[\#(time)]}"#)
        }
        rainingPreviousMinute = raining
    }
    if second % 10 == 5 {
        hubSequence += 1
        lines.append(
            #"{"serial_number":"\#(hubSerial)","type":"hub_status","firmware_revision":"194","uptime":\#(hubUptimeAtStart + second),"rssi":\#(-50 - Int(random.unit() * 4)),"timestamp":\#(time),"reset_flags":"BOR,PIN,POR","seq":\#(hubSequence),"fs":[1,0,15675411,524288],"radio_stats":[25,1,0,3,46307],"mqtt_stats":[7,0]}"#
        )
    }
    if second % 60 == 59 {
        // The observation for the minute that just ended.
        let observationTime = time - 59
        let observationHour = localHour(observationTime)
        let temperature = airTemperature(observationHour) + 0.1 * random.gaussian()
        let humidity = relativeHumidity(observationHour, temperature)
        let sun = sunElevationFactor(observationHour) * (observationHour >= 16.8 && observationHour < 18.2 ? 0.15 : 1)
        let illuminance = Int(sun * 118_000)
        let solar = Int(sun * 980)
        let uv = sun * 10.8
        let rain = rainPerMinute(observationHour)
        let precipitationType = rain == 0 ? 0 : (observationHour >= 17.3 && observationHour < 17.4 ? 3 : 1)
        let speeds = recentSpeeds.isEmpty ? [0.0] : recentSpeeds
        let average = speeds.reduce(0, +) / Double(speeds.count)
        let strikeCount = strikesThisMinute.count
        let strikeDistance = strikeCount == 0 ? 0 : strikesThisMinute.map(\.distance).reduce(0, +) / strikeCount
        let battery = 2.62 + 0.12 * sun - 0.02 * (1 - sun)
        lines.append(
            #"{"serial_number":"\#(stationSerial)","type":"obs_st","hub_sn":"\#(hubSerial)","obs":[[\#(observationTime),\#(format(speeds.min()!, decimals: 2)),\#(format(average, decimals: 2)),\#(format(speeds.max()!, decimals: 2)),\#(Int(windDirection(observationHour))),3,\#(format(stationPressure(observationHour), decimals: 2)),\#(format(temperature, decimals: 2)),\#(format(humidity, decimals: 2)),\#(illuminance),\#(format(uv, decimals: 2)),\#(solar),\#(format(rain, decimals: 6)),\#(precipitationType),\#(strikeDistance),\#(strikeCount),\#(format(battery, decimals: 3)),1]],"firmware_revision":179}"#
        )
        lines.append(
            #"{"serial_number":"\#(stationSerial)","type":"device_status","hub_sn":"\#(hubSerial)","timestamp":\#(observationTime + 1),"uptime":\#(stationUptimeAtStart + second - 58),"voltage":\#(format(battery, decimals: 3)),"firmware_revision":179,"rssi":-64,"hub_rssi":-61,"sensor_status":\#(strikeCount > 3 ? 4 : 0),"debug":0}"#
        )
        strikesThisMinute.removeAll()
        recentSpeeds.removeAll()
    }
}

for line in lines { print(line) }
