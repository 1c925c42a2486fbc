// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing

@testable import WeatherUploads

@Suite struct UploadScheduleTests {
    @Test func oneReadingPerIntervalWithAMinutesJitterTolerated() {
        var schedule = UploadSchedule(intervalSeconds: 300, memorySeconds: 86_400)
        var sent: [Int64] = []
        // A station's minutes, a second early or late now and then.
        let times: [Int64] = [0, 60, 121, 180, 240, 299, 360, 420, 480, 540, 601, 660]
        for time in times where schedule.isDue(time) {
            sent.append(time)
            schedule.noteSent(time, now: time)
        }
        #expect(sent == [0, 299, 601])
        #expect(schedule.toleranceSeconds == 30)
    }

    @Test func aGapIsFilledAtTheSameSpacingAndNothingTwice() {
        var schedule = UploadSchedule(intervalSeconds: 300, memorySeconds: 86_400)
        for time: Int64 in [0, 300, 3_600] { schedule.noteSent(time, now: 3_600) }
        let gap = stride(from: Int64(360), to: 3_600, by: 60).filter { schedule.isDue($0) }
        #expect(gap.first == 600)
        #expect(!schedule.isDue(3_360))
        #expect(schedule.isDue(3_300))
        #expect(schedule.sentTime(before: 3_600) == 300)
        #expect(schedule.sentTime(before: 0) == nil)
    }

    @Test func timesOlderThanItsMemoryAreForgotten() {
        var schedule = UploadSchedule(intervalSeconds: 60, memorySeconds: 600)
        schedule.noteSent(0, now: 0)
        schedule.noteSent(700, now: 700)
        #expect(schedule.sentTimes == [700])
        schedule.noteSent(700, now: 700)
        #expect(schedule.sentTimes == [700])
    }
}
