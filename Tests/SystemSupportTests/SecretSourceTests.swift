// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import SystemSupport
import TempestTestKit
import Testing

@Suite("Secrets")
struct SecretSourceTests {
    /// Writes `text` to `name` in `directory` with `mode`; returns the path.
    private func write(_ text: String, to name: String, in directory: TemporaryDirectory, mode: mode_t = 0o600) throws -> String {
        let path = directory.file(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, mode) == 0)
        return path
    }

    /// An environment holding `variables` only.
    private func environment(_ variables: [String: String]) -> (String) -> String? {
        { variables[$0] }
    }

    @Test("a secret never prints its value")
    func redacted() {
        let secret = Secret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(describing: secret) == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(secret.withValue { $0 } == "hunter2")
    }

    @Test("an owner-only file is read, one trailing newline dropped", arguments: ["s3cret pass\n", "s3cret pass\r\n", "s3cret pass"])
    func file(text: String) throws {
        let directory = try TemporaryDirectory()
        for mode: mode_t in [0o600, 0o400] {
            let path = try write(text, to: "password-\(mode)", in: directory, mode: mode)
            #expect(try SecretSource.file(path: path).load().withValue { $0 } == "s3cret pass")
        }
        let twoNewlines = try write("s3cret\n\n", to: "two", in: directory)
        #expect(try SecretSource.file(path: twoNewlines).load().withValue { $0 } == "s3cret\n")
    }

    @Test("a file its group or others can read is refused with the chmod that fixes it", arguments: [0o644, 0o640, 0o604] as [mode_t])
    func readableByOthers(mode: mode_t) throws {
        let directory = try TemporaryDirectory()
        let path = try write("s3cret-value\n", to: "password", in: directory, mode: mode)
        #expect {
            try SecretSource.file(path: path).load()
        } throws: { error in
            guard let error = error as? SecretSourceError else { return false }
            return error.code == .readableByOthers && error.mode == UInt32(mode)
                && error.description
                    == "refusing to read the secret in \(path): other users can read it (mode \(String(mode, radix: 8))); fix it with: chmod 600 \(path)"
                && !error.description.contains("s3cret-value")
        }
    }

    @Test("a systemd credential is read whatever its mode: systemd made it private to the service")
    func credentialModeIsNotChecked() throws {
        let directory = try TemporaryDirectory()
        _ = try write("from-credential\n", to: "mqtt-password", in: directory, mode: 0o644)
        let secret = try SecretSource.systemdCredential(name: "mqtt-password").load(
            environment: environment(["CREDENTIALS_DIRECTORY": directory.path]))
        #expect(secret.withValue { $0 } == "from-credential")
    }

    @Test("a file of the limit is read; one byte more is refused, for a file and for a credential")
    func limit() throws {
        let directory = try TemporaryDirectory()
        let limit = SecretSource.maximumFileBytes
        #expect(limit == 64 * 1024)
        let largest = try write(String(repeating: "k", count: limit), to: "largest", in: directory)
        #expect(try SecretSource.file(path: largest).load().withValue { $0.utf8.count } == limit)
        let tooLarge = try write(String(repeating: "k", count: limit + 1), to: "too-large", in: directory)
        #expect {
            try SecretSource.file(path: tooLarge).load()
        } throws: { error in
            let error = error as? SecretSourceError
            return error?.code == .tooLarge && error?.description == "cannot read the secret in \(tooLarge): larger than 64 KiB"
        }
        #expect {
            try SecretSource.systemdCredential(name: "too-large").load(environment: environment(["CREDENTIALS_DIRECTORY": directory.path]))
        } throws: { error in
            (error as? SecretSourceError)?.code == .tooLarge
        }
    }

    @Test("what cannot be read is an error naming the source, never the value")
    func errors() throws {
        let directory = try TemporaryDirectory()
        let empty = try write("\n", to: "empty", in: directory)
        let cases: [(SecretSource, [String: String], SecretSourceError.Code, String)] = [
            (.file(path: empty), [:], .empty, "the file \(empty) is empty"),
            (.file(path: directory.file("absent")), [:], .unreadable, "cannot read the secret in \(directory.file("absent")): No such file or directory"),
            (.file(path: directory.path), [:], .notARegularFile, "cannot read the secret in \(directory.path): not a regular file"),
            (.environment(name: "TEMPEST_TEST_UNSET"), [:], .environmentVariableMissing, "the environment variable TEMPEST_TEST_UNSET is not set"),
            (.environment(name: "TEMPEST_TEST_EMPTY"), ["TEMPEST_TEST_EMPTY": ""], .empty, "the environment variable TEMPEST_TEST_EMPTY is empty"),
            (
                .systemdCredential(name: "mqtt-password"), [:], .noCredentialsDirectory,
                "the systemd credential mqtt-password is not available: $CREDENTIALS_DIRECTORY is not set (add LoadCredential=mqtt-password:PATH to the unit)"
            ),
            (
                .systemdCredential(name: "../etc/passwd"), ["CREDENTIALS_DIRECTORY": directory.path], .invalidCredentialName,
                "the systemd credential ../etc/passwd cannot be read: a credential name cannot contain '/'"
            ),
        ]
        for (source, variables, code, description) in cases {
            #expect {
                try source.load(environment: environment(variables))
            } throws: { error in
                let error = error as? SecretSourceError
                return error?.code == code && error?.source == source && error?.description == description
            }
        }
    }

    @Test("an environment variable is read, one trailing newline dropped")
    func environmentVariable() throws {
        let secret = try SecretSource.environment(name: "TEMPEST_TEST_SECRET").load(environment: environment(["TEMPEST_TEST_SECRET": "from-env\n"]))
        #expect(secret.withValue { $0 } == "from-env")
    }

    @Test("the file wins over the environment variable, which wins over the credential")
    func order() throws {
        let directory = try TemporaryDirectory()
        let file = try write("from-file\n", to: "password-file", in: directory)
        _ = try write("from-credential\n", to: "test-password", in: directory)
        let all = environment(["TEMPEST_TEST_PASSWORD": "from-env", "CREDENTIALS_DIRECTORY": directory.path])
        let noVariable = environment(["CREDENTIALS_DIRECTORY": directory.path])
        let nothing = environment([:])

        func first(_ file: String?, _ environment: (String) -> String?) -> SecretSource? {
            SecretSource.first(file: file, environmentVariable: "TEMPEST_TEST_PASSWORD", credential: "test-password", environment: environment)
        }
        func value(_ source: SecretSource?, _ environment: (String) -> String?) throws -> String? {
            try source?.load(environment: environment).withValue { $0 }
        }

        #expect(first(file, all) == .file(path: file))
        #expect(try value(first(file, all), all) == "from-file")
        #expect(first(nil, all) == .environment(name: "TEMPEST_TEST_PASSWORD"))
        #expect(try value(first(nil, all), all) == "from-env")
        #expect(first(nil, noVariable) == .systemdCredential(name: "test-password"))
        #expect(try value(first(nil, noVariable), noVariable) == "from-credential")
        #expect(first(nil, nothing) == nil)
        // A credential that is not there is not a source.
        let otherDirectory = try TemporaryDirectory()
        #expect(first(nil, environment(["CREDENTIALS_DIRECTORY": otherDirectory.path])) == nil)
        // A file given wins even when it is missing: the mistake is reported, not passed over.
        #expect(first(directory.file("absent"), all) == .file(path: directory.file("absent")))
        // Sources not named are not looked for.
        #expect(SecretSource.first(file: nil, environmentVariable: nil, credential: nil, environment: all) == nil)
    }

    @Test("a source describes itself by where it is, never by its value")
    func descriptions() {
        #expect("\(SecretSource.file(path: "/etc/tempest-gateway/mqtt-password"))" == "the file /etc/tempest-gateway/mqtt-password")
        #expect("\(SecretSource.environment(name: "TEMPEST_MQTT_PASSWORD"))" == "the environment variable TEMPEST_MQTT_PASSWORD")
        #expect("\(SecretSource.systemdCredential(name: "mqtt-password"))" == "the systemd credential mqtt-password")
    }
}
