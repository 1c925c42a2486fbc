// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import TempestCloud
import TempestTestKit
import Testing

@Suite struct APITokenTests {
    private func write(_ text: String, mode: Int, in directory: TemporaryDirectory, name: String = "token") throws -> String {
        let path = directory.file(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, mode_t(mode)) == 0)
        return path
    }

    @Test func privateFileIsReadAndTrailingWhitespaceStripped() throws {
        let directory = try TemporaryDirectory()
        let path = try write("abc-123\n\n", mode: 0o600, in: directory)
        let token = try APIToken.load(from: .file(path: path))
        #expect(token == APIToken("abc-123"))
        #expect(token.withValue { $0 } == "abc-123")
    }

    @Test func groupOrWorldReadableFileIsRefusedWithTheChmodFix() throws {
        let directory = try TemporaryDirectory()
        for mode in [0o644, 0o640, 0o604] {
            let path = try write("abc-123-secret", mode: mode, in: directory, name: "token-\(mode)")
            #expect {
                _ = try APIToken.load(from: .file(path: path))
            } throws: { error in
                let text = String(describing: error)
                return text.contains("chmod 600 \(path)") && !text.contains("abc-123-secret")
            }
        }
    }

    @Test func emptyMissingAndInvalidTokensAreErrors() throws {
        let directory = try TemporaryDirectory()
        let empty = try write(" \n", mode: 0o600, in: directory, name: "empty")
        #expect(throws: APITokenError.self) { try APIToken.load(from: .file(path: empty)) }
        #expect(throws: APITokenError.self) { try APIToken.load(from: .file(path: directory.file("absent"))) }
        let injected = try write("abc\r\nX-Evil: 1", mode: 0o600, in: directory, name: "injected")
        #expect(throws: APITokenError.self) { try APIToken.load(from: .file(path: injected)) }
    }

    @Test func systemdCredentialIsReadFromCredentialsDirectory() throws {
        let directory = try TemporaryDirectory()
        _ = try write("cred-token\n", mode: 0o400, in: directory, name: "weatherflow")
        let token = try APIToken.load(from: .systemdCredential(name: "weatherflow")) { name in
            name == "CREDENTIALS_DIRECTORY" ? directory.path : nil
        }
        #expect(token.withValue { $0 } == "cred-token")
        #expect(throws: APITokenError.self) {
            try APIToken.load(from: .systemdCredential(name: "weatherflow")) { _ in nil }
        }
    }

    @Test func environmentVariableIsRead() throws {
        let token = try APIToken.load(from: .environment(name: "TEMPEST_TOKEN")) { $0 == "TEMPEST_TOKEN" ? "env-token " : nil }
        #expect(token.withValue { $0 } == "env-token")
        #expect(throws: APITokenError.self) { try APIToken.load(from: .environment(name: "TEMPEST_TOKEN")) { _ in nil } }
    }

    @Test func descriptionsNeverShowTheToken() {
        let token = APIToken("very-secret-value")!
        #expect("\(token)" == "<redacted>")
        #expect(String(reflecting: token) == "<redacted>")
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains("very-secret-value"))
    }
}
