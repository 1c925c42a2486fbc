// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport
import Testing

@Suite("Process environment")
struct ProcessEnvironmentTests {
    // Reads only: setting variables while other tests run would race with them.
    @Test("one variable, and all of them, as the process has them")
    func readsVariables() {
        let path = ProcessEnvironment.value("PATH")
        #expect(path?.isEmpty == false)
        #expect(ProcessEnvironment.current()["PATH"] == path)
        #expect(ProcessEnvironment.value("TEMPEST_TEST_VARIABLE_NOBODY_SETS") == nil)
        #expect(ProcessEnvironment.current()["TEMPEST_TEST_VARIABLE_NOBODY_SETS"] == nil)
    }
}
