// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import MQTT
import Testing
import TempestTestKit

@Suite("Secrets")
struct SecretSourceTests {
    @Test("a secret never prints its value")
    func redacted() {
        let secret = Secret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(describing: secret) == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        #expect(secret.withValue { $0 } == "hunter2")
    }

    @Test("an owner-only file is read, one trailing newline dropped")
    func file() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("password")
        try "s3cret pass\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        #expect(try SecretSource.file(path).load().withValue { $0 } == "s3cret pass")
    }

    @Test("a file others can read is refused with the chmod that fixes it")
    func worldReadable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("password")
        try "s3cret\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        do {
            _ = try SecretSource.file(path).load()
            Issue.record("a world-readable secret was accepted")
        } catch {
            #expect(error.description.contains("chmod 600 \(path)"))
            #expect(!error.description.contains("s3cret"))
        }
    }

    @Test("environment variables and systemd credentials")
    func otherSources() throws {
        setenv("TEMPEST_TEST_SECRET", "from-env", 1)
        #expect(try SecretSource.environment("TEMPEST_TEST_SECRET").load().withValue { $0 } == "from-env")
        #expect(throws: SecretError.environmentVariableMissing("TEMPEST_TEST_UNSET")) {
            try SecretSource.environment("TEMPEST_TEST_UNSET").load()
        }
        let directory = try TemporaryDirectory()
        try "from-credential\n".write(toFile: directory.file("mqtt-password"), atomically: true, encoding: .utf8)
        setenv("CREDENTIALS_DIRECTORY", directory.path, 1)
        defer { unsetenv("CREDENTIALS_DIRECTORY") }
        #expect(try SecretSource.systemdCredential("mqtt-password").load().withValue { $0 } == "from-credential")
        #expect(throws: SecretError.self) { try SecretSource.systemdCredential("../etc/passwd").load() }
    }
}
