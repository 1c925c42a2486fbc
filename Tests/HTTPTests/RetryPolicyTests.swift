// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import HTTP
import Testing

@Suite struct RetryPolicyTests {
    @Test func backoffDoublesUpToTheCapWithFullJitter() {
        let top = RetryPolicy(baseDelaySeconds: 2, maximumDelaySeconds: 60, random: { 0.999999 })
        #expect(abs(top.delaySeconds(afterAttempt: 1, retryAfterSeconds: nil) - 2) < 0.001)
        #expect(abs(top.delaySeconds(afterAttempt: 3, retryAfterSeconds: nil) - 8) < 0.001)
        #expect(abs(top.delaySeconds(afterAttempt: 20, retryAfterSeconds: nil) - 60) < 0.001)
        let bottom = RetryPolicy(random: { 0 })
        #expect(bottom.delaySeconds(afterAttempt: 3, retryAfterSeconds: nil) == 0)
    }

    @Test func retryAfterIsHonouredAndCapped() {
        let policy = RetryPolicy(maximumDelaySeconds: 60, random: { 0.5 })
        #expect(policy.delaySeconds(afterAttempt: 1, retryAfterSeconds: 7) == 7)
        #expect(policy.delaySeconds(afterAttempt: 1, retryAfterSeconds: 3600) == 60)
    }

    @Test func retryAfterParsesSecondsAndIMFFixdate() {
        #expect(RetryAfter.seconds(from: " 120 ") == 120)
        #expect(RetryAfter.parseIMFFixdate("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(RetryAfter.parseIMFFixdate("Thu, 29 Feb 2024 00:00:00 GMT") == 1_709_164_800)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_700) == 77)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_800) == 0)
        #expect(RetryAfter.seconds(from: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(RetryAfter.seconds(from: "soon") == nil)
    }
}
