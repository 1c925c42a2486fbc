// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import Testing
import TempestTestKit

/// `stations` against a local server standing in for the WeatherFlow API.
@Suite("stations command")
struct StationsCommandTests {
    static let stations = #"""
        {"stations":[{"station_id":98765,"name":"Backyard","latitude":39.7392,"longitude":-104.9903,
        "timezone":"America/Denver","station_meta":{"elevation":2063.150146484375},
        "devices":[{"device_id":1111,"serial_number":"HB-00012345","device_type":"HB","firmware_revision":"194",
        "device_meta":{"agl":1.5,"environment":"indoor"}},{"device_id":2222,"serial_number":"ST-00054321",
        "device_type":"ST","firmware_revision":"179","device_meta":{"agl":1.8288,"environment":"outdoor"}}]}],
        "status":{"status_code":0,"status_message":"SUCCESS"}}
        """#

    func tokenFile(_ directory: TemporaryDirectory, mode: mode_t = 0o600) throws -> String {
        let path = directory.file("token")
        try "secret-token-123\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, mode)
        return path
    }

    @Test("lists stations and devices; the token goes in the header, never the URL or the output")
    func list() throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(body: Self.stations))
        let directory = try TemporaryDirectory()
        let token = try tokenFile(directory)
        let result = try Gateway.run(["stations", "--token-file", token, "--weatherflow-api", server.baseURL])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Station 98765: Backyard, elevation 2063.2 metres, time zone America/Denver"))
        #expect(result.standardOutput.contains("Device ST-00054321, cloud device id 2222, sensor height 1.8288 metres above ground"))
        #expect(result.standardOutput.contains("Hub HB-00012345"))
        #expect(!result.standardOutput.contains("secret-token-123"))
        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Bearer secret-token-123")
        #expect(!request.target.contains("secret-token-123"))

        let json = try Gateway.run(["stations", "--json", "--token-file", token, "--weatherflow-api", server.baseURL])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.first?["station_id"] as? Int == 98765)
        #expect((array.first?["devices"] as? [[String: Any]])?.count == 2)
    }

    @Test("a rejected token says where to make one; a readable token file is refused")
    func errors() throws {
        let server = try LocalHTTPServer()
        server.route("/stations", .init(status: 401, body: #"{"status":{"status_code":401,"status_message":"UNAUTHORIZED"}}"#))
        let directory = try TemporaryDirectory()
        let rejected = try Gateway.run(["stations", "--token-file", try tokenFile(directory), "--weatherflow-api", server.baseURL])
        #expect(rejected.status == 1)
        #expect(rejected.standardError.contains("the token was rejected; create one at tempestwx.com → Settings → Data Authorizations"))
        #expect(!rejected.standardError.contains("secret-token-123"))

        let open = try Gateway.run(["stations", "--token-file", try tokenFile(directory, mode: 0o644), "--weatherflow-api", server.baseURL])
        #expect(open.status != 0)
        #expect(open.standardError.contains("chmod 600"))
    }
}
