// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON

/// The live event the server pushes on `/events` after new data was
/// stored: one line of JSON,
/// `{"at":…,"fields":{"air_temperature":"12.3 °C",…},"timestamps":{"air_temperature":…,…},"notes":{"high_temperature_today":"at 14:05",…}}`,
/// with exactly the texts the Now page shows in its `data-field` elements
/// and in the notes after them (a new low today comes with its new time).
enum LiveEvent {
    /// The event for `snapshot`.
    static func json(_ snapshot: NowSnapshot) -> String {
        let items = snapshot.devices.flatMap(\.items)
        var json = JSONWriter()
        json.beginObject()
        json.member("at", snapshot.now)
        json.key("fields")
        json.beginObject()
        for item in items { json.member(item.field, item.value.text) }
        json.endObject()
        json.key("timestamps")
        json.beginObject()
        for item in items { json.member(item.field, item.timestamp) }
        json.endObject()
        json.key("notes")
        json.beginObject()
        for item in items { if let note = item.note { json.member(item.field, note) } }
        json.endObject()
        json.endObject()
        return json.takeText()
    }
}
