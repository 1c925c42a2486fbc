// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing

@testable import TimeSeriesExport

/// The line protocol as InfluxDB documents it: escaping, floats, timestamps.
@Suite("InfluxDB line protocol")
struct InfluxLineTests {
    @Test("a point reads measurement, tags in the given order, float fields and the timestamp in seconds")
    func plainPoint() {
        var line = InfluxLine(measurement: "tempest_observation", tags: [("serial", "ST-00012345"), ("station", "1")])
        line.add("air_temperature_c", 21.5)
        line.add("strike_count", 3)
        line.add("rain_mm", 0.0)
        #expect(line.text(timestampSeconds: 1_720_850_460) == "tempest_observation,serial=ST-00012345,station=1 air_temperature_c=21.5,strike_count=3.0,rain_mm=0.0 1720850460")
    }

    @Test("unknown and non-finite values are left out, never written as 0; a point without fields is no line")
    func missingValues() {
        var line = InfluxLine(measurement: "m", tags: [])
        line.add("a", nil as Double?)
        line.add("b", Double.nan)
        line.add("c", Double.infinity)
        #expect(line.isEmpty)
        #expect(line.text(timestampSeconds: 1) == nil)
        line.add("d", -0.25)
        #expect(line.text(timestampSeconds: 1) == "m d=-0.25 1")
    }

    @Test("commas, spaces and equals signs are escaped where the protocol says; line breaks cannot end the point")
    func escaping() {
        var line = InfluxLine(measurement: "my measure,x", tags: [("site name", "a=b,c d"), ("empty", "")])
        line.add("wind speed=m", 1)
        #expect(line.text(timestampSeconds: 5) == #"my\ measure\,x,site\ name=a\=b\,c\ d wind\ speed\=m=1.0 5"#)
        let broken = InfluxLine(measurement: "m", tags: [("t", "a\nb\\")])
        var withField = broken
        withField.add("f", 1)
        #expect(withField.text(timestampSeconds: 1) == #"m,t=a\ b/ f=1.0 1"#)
    }

    @Test("small and large floats keep their value")
    func numbers() {
        #expect(InfluxLine.number(0.000001) == "1e-06")
        #expect(InfluxLine.number(1013.25) == "1013.25")
        #expect(InfluxLine.number(-0.0) == "0.0")
        #expect(InfluxLine.number(1e21) == "1e+21")
    }

    @Test("the write URL gets precision=s unless it names a precision")
    func secondsPrecision() {
        #expect(InfluxWriteTarget.withSecondsPrecision("http://h:8428/write?db=w") == "http://h:8428/write?db=w&precision=s")
        #expect(InfluxWriteTarget.withSecondsPrecision("http://h:8086/write") == "http://h:8086/write?precision=s")
        #expect(InfluxWriteTarget.withSecondsPrecision("http://h/api/v2/write?org=o&bucket=b&precision=ms") == "http://h/api/v2/write?org=o&bucket=b&precision=ms")
        #expect(InfluxWriteTarget.withSecondsPrecision("http://h/write?") == "http://h/write?precision=s")
    }
}
