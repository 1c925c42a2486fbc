import HTTP
import Testing

@Suite struct JSONParserTests {
    @Test func parsesNestedDocument() throws {
        let value = try JSONValue.parse(#" {"a": [1, -2.5e1, true, null, "x\n\u00e9\ud83d\ude00"], "b": {"c": 3.0}} "#)
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[1].doubleValue == -25)
        #expect(value["a"]?.arrayValue?[3].isNull == true)
        #expect(value["a"]?.arrayValue?[4].stringValue == "x\né😀")
        #expect(value["b"]?["c"]?.int64Value == 3)
        #expect(value["missing"] == nil)
    }

    @Test(arguments: [#"{"a": [1, 2"#, #"{"a": "#, #"{"a": "abc"#, "[1.", "[-"])
    func truncatedTextIsReportedAsTruncation(text: String) {
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.isTruncation == true
        }
    }

    @Test(arguments: ["[01]", "{a:1}", "[1,]", "\"\\x\"", "[1] 2", "[\"\\ud800\"]", "nul", "[1e]"])
    func invalidTextFails(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func depthAndSizeAreLimited() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser(maximumDepth: 64).parse(Array(deep.utf8)) }
        #expect(throws: Never.self) { try JSONParser(maximumDepth: 100).parse(Array(deep.utf8)) }
        #expect(throws: JSONParseError.self) { try JSONParser(maximumBytes: 3).parse(Array("[1,2]".utf8)) }
    }
}
