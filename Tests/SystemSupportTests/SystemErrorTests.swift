// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc
import SystemSupport
import Testing

@Suite("System errors")
struct SystemErrorTests {
    @Test("the message is the C library's text; the description adds the number")
    func messageAndDescription() {
        let error = SystemError(number: ENOENT)
        #expect(error.message == "No such file or directory")
        #expect(error.description == "No such file or directory (errno \(ENOENT))")
    }

    @Test("current reads errno as the failed call left it")
    func currentErrno() {
        #expect(open("/nonexistent-tempest-gateway-path", O_RDONLY) == -1)
        #expect(SystemError.current == SystemError(number: ENOENT))
    }
}
