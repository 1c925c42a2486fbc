// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    private func object(_ name: String, _ value: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member(name, value)
        json.endObject()
        return json.text
    }

    @Test("text with nothing to escape is written as it is, multi-byte characters included")
    func plainText() {
        #expect(object("serial_number", "ST-00012345") == #"{"serial_number":"ST-00012345"}"#)
        #expect(object("place", "Zürich °C 🌧") == #"{"place":"Zürich °C 🌧"}"#)
        #expect(object("", "") == #"{"":""}"#)
    }

    @Test("quotes, backslashes and control characters are escaped, in names and in values")
    func escapes() {
        #expect(object("a\"b", "say \"hi\"") == #"{"a\"b":"say \"hi\""}"#)
        #expect(object("path", #"C:\dir"#) == #"{"path":"C:\\dir"}"#)
        #expect(object("lines", "one\ntwo\r\tthree") == #"{"lines":"one\ntwo\r\tthree"}"#)
        #expect(object("bell", "\u{07}x\u{1F}\u{7F}") == #"{"bell":"\u0007x\u001f\u007f"}"#)
        #expect(object("mixed", "é\"\u{01}") == #"{"mixed":"é\"\u0001"}"#)
    }
}
