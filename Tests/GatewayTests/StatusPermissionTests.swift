// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `status` run by a user who may not open the gateway's 0600 socket says
/// so, and how to get in, instead of "not running".
@Suite("status without permission for the socket", .serialized)
struct StatusPermissionTests {
    /// setpriv(1) runs a command as another user; only root may use it.
    static let setpriv = "/usr/bin/setpriv"
    static var canSwitchUser: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv) }

    @Test(
        "as nobody, status names the permission problem and sudo; --json says permission_denied",
        .enabled(if: canSwitchUser, "needs root and setpriv to run status as nobody against a root-owned 0600 socket"))
    func permissionDenied() throws {
        let directory = try TemporaryDirectory()
        chmod(directory.path, 0o755)  // nobody may reach the socket, not open it
        let database = directory.file("g.db")
        let port = try FreePort.udp()
        let gateway = try ChildProcess(
            executable: Gateway.path,
            arguments: ["run", "--database", database, "--udp-address", "127.0.0.1", "--udp-port", String(port), "--print", "none", "--no-mqtt"])
        try gateway.start()
        #expect(gateway.waitFor(timeoutSeconds: 20) { $0.standardErrorSoFar.contains("Listening") })
        var socketStatus = stat()
        #expect(stat(database + ".sock", &socketStatus) == 0)
        #expect(socketStatus.st_uid == 0 && socketStatus.st_mode & 0o777 == 0o600)

        let asNobody = [Self.setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups", Gateway.path, "status", "--database", database]
        let text = try ChildProcess.run(executable: asNobody[0], arguments: Array(asNobody.dropFirst()))
        #expect(text.status == 1)
        #expect(text.standardError.contains("Permission denied on the status socket \(database).sock: it is open only to its user, root."))
        #expect(text.standardError.contains("sudo tempest-gateway status"))
        #expect(!text.standardError.contains("not running"))
        let json = try ChildProcess.run(executable: asNobody[0], arguments: Array(asNobody.dropFirst()) + ["--json"])
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(document["state"] as? String == "permission_denied")
        #expect(document["socket"] as? String == database + ".sock")

        // The gateway's own user gets the report from the same socket.
        let asRoot = try Gateway.run(["status", "--json", "--database", database])
        #expect(asRoot.status == 0, "\(asRoot.standardError)")
        #expect(asRoot.standardOutput.contains("\"udp\""))
        gateway.send(signal: SIGTERM)
        _ = try gateway.wait(timeoutSeconds: 30)
    }

    @Test("with nothing running, --json says not_running; the text stays as it was")
    func notRunning() throws {
        let directory = try TemporaryDirectory()
        let result = try Gateway.run(["status", "--json", "--database", directory.file("g.db")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("The gateway is not running"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["state"] as? String == "not_running")
    }
}
