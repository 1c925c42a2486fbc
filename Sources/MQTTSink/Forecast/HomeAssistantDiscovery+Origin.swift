// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Pipeline

extension HomeAssistantDiscovery {
    /// Where Home Assistant's "MQTT info" sends a user for help: the
    /// project's home page.
    public static let supportURL = "https://github.com/tempest-gateway/tempest-gateway"

    /// Writes the `origin` member every discovery config carries: the
    /// gateway's name, version and support page.
    public static func writeOrigin(into json: inout JSONWriter) {
        json.key("origin")
        json.beginObject()
        json.member("name", "tempest-gateway")
        json.member("sw_version", GatewayVersion.current)
        json.member("support_url", supportURL)
        json.endObject()
    }

    /// Writes `options`, the values of a `device_class: enum` sensor.
    public static func writeOptions(_ options: [String], into json: inout JSONWriter) {
        json.key("options")
        json.beginArray()
        for option in options { json.value(option) }
        json.endArray()
    }
}
