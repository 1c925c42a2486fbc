// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Foundation
import HTTP
import TempestTestKit
import Testing

/// libcurl is loaded with dlopen on the first request, not linked (the
/// gateway binary's side is checked in GatewayTests' LibcurlOnDemandTests).
@Suite struct LibcurlLoadingTests {
    @Test func aRequestLoadsLibcurlIntoTheProcess() async throws {
        let server = try LocalHTTPServer()
        server.route("/loaded", .init(body: "yes"))
        let response = try await HTTPClient().get(HTTPRequest(url: server.baseURL + "/loaded"))
        #expect(response.bodyText == "yes")
        #expect(try ProcFile.maps("/libcurl.so"))
    }

    @Test func unavailableLibcurlNamesTheLibraryTheReasonAndTheFix() {
        let error = HTTPError.libcurlUnavailable(
            library: "libcurl.so.4", reason: "libcurl.so.4: cannot open shared object file: No such file or directory",
            url: "https://swd.weatherflow.com/swd/rest/observations/station/1?token=s3cret")
        #expect(error.kind == .libcurlUnavailable)
        #expect(error.description.contains(
            "libcurl (libcurl.so.4) could not be loaded: libcurl.so.4: cannot open shared object file: No such file or directory; "
                + "install it with: apt-get install libcurl4"))
        #expect(error.description.contains("token=<redacted>") && !error.description.contains("s3cret"))
    }
}
