// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import SystemSupport
import TempestTestKit
import Testing

@Suite("systemd credentials")
struct SystemdCredentialTests {
    @Test("a credential's file is its name in $CREDENTIALS_DIRECTORY")
    func pathInDirectory() throws {
        let credential = SystemdCredential(name: "mqtt-password")
        let path = try credential.path { $0 == "CREDENTIALS_DIRECTORY" ? "/run/credentials/tempest.service" : nil }
        #expect(path == "/run/credentials/tempest.service/mqtt-password")
    }

    @Test("no directory, or an empty one, is an error naming the credential", arguments: [nil, ""] as [String?])
    func noDirectory(directory: String?) {
        #expect {
            try SystemdCredential(name: "weatherflow-token").path { _ in directory }
        } throws: { error in
            let error = error as? SystemdCredentialError
            return error?.code == .noCredentialsDirectory && error?.description.contains("weatherflow-token") == true
        }
    }

    @Test("a name with a slash never leads out of the directory", arguments: ["../etc/passwd", "a/b", "/etc/passwd"])
    func nameWithSlash(name: String) {
        #expect(throws: SystemdCredentialError(.nameWithSlash, name: name)) {
            try SystemdCredential(name: name).path { _ in "/run/credentials/tempest.service" }
        }
    }

    @Test("readable only when the directory is set and holds the file")
    func readable() throws {
        let directory = try TemporaryDirectory()
        try "secret\n".write(toFile: directory.file("present"), atomically: true, encoding: .utf8)
        let environment: (String) -> String? = { $0 == "CREDENTIALS_DIRECTORY" ? directory.path : nil }
        #expect(SystemdCredential(name: "present").isReadable(environment: environment))
        #expect(!SystemdCredential(name: "absent").isReadable(environment: environment))
        #expect(!SystemdCredential(name: "present").isReadable { _ in nil })
    }
}
