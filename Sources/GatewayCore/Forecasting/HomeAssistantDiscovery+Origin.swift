// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

extension HomeAssistantDiscovery {
    /// Writes the `origin` member every discovery config carries: the
    /// gateway's name and version.
    public static func writeOrigin(into json: inout JSONWriter) {
        json.key("origin")
        json.beginObject()
        json.member("name", "tempest-gateway")
        json.member("sw_version", GatewayVersion.current)
        json.endObject()
    }
}
