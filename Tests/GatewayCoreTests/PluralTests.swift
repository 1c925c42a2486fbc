// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Pipeline
import Testing

@Suite("Plural")
struct PluralTests {
    @Test("one takes the singular, every other count the plural")
    func counts() {
        #expect(Plural.count(1, "minute") == "1 minute")
        #expect(Plural.count(2, "minute") == "2 minutes")
        #expect(Plural.count(0, "device") == "0 devices")
        #expect(Plural.count(Int64(-1), "second") == "-1 seconds")
        #expect(Plural.count(3, "entry", plural: "entries") == "3 entries")
        #expect(Plural.noun(1, "hour") == "hour")
    }
}
