// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A retained topic as the publisher keeps it: split at its last two `/`,
/// with the shared parts as numbers, instead of as one text.
///
/// The publisher remembers the latest value of every retained topic (to
/// publish only changes, and everything again after a reconnect), and a
/// gateway may know thousands of devices. Held as one text,
/// `tempest/ST-00012345/wind_speed` is a heap allocation of its own; here
/// the serial is short enough for Swift to keep inline, and the base and
/// the field, which every device repeats, are numbers in `TopicNames`: 24
/// bytes a key, where three texts took 48 and one text 16 plus its
/// allocation. The text is built only when a value is actually sent.
///
/// The split is canonical: a topic made from its parts equals the same topic
/// made from its text.
public struct RetainedTopic: Hashable, Sendable {
    private enum Form: Hashable, Sendable {
        /// `<head>/<middle>/<leaf>`; head and leaf named in `TopicNames`.
        case split(middle: String, head: UInt16, leaf: UInt16)
        /// Any other topic (fewer than two `/`, or `TopicNames` full).
        case whole(String)
    }

    private let form: Form

    /// The topic `text`, split.
    public init(_ text: String) {
        let utf8 = text.utf8
        guard let last = utf8.lastIndex(of: UInt8(ascii: "/")),
            let secondToLast = utf8[..<last].lastIndex(of: UInt8(ascii: "/"))
        else {
            self.init(form: .whole(text))
            return
        }
        self.init(
            head: String(text[..<secondToLast]), middle: String(text[utf8.index(after: secondToLast)..<last]),
            leaf: String(text[utf8.index(after: last)...]), text: text)
    }

    /// `<base>/<serial>/<field>`, without building its text.
    public init(base: String, serial: String, field: String) {
        let slash = UInt8(ascii: "/")
        if serial.utf8.contains(slash) || field.utf8.contains(slash) {
            self.init("\(base)/\(serial)/\(field)")  // split where the text splits
        } else {
            self.init(head: base, middle: serial, leaf: field, text: nil)
        }
    }

    /// `text`, when given, is the whole topic (spares joining it again).
    private init(head: String, middle: String, leaf: String, text: String?) {
        if let head = TopicNames.number(of: head), let leaf = TopicNames.number(of: leaf) {
            self.init(form: .split(middle: middle, head: head, leaf: leaf))
        } else {
            self.init(form: .whole(text ?? "\(head)/\(middle)/\(leaf)"))
        }
    }

    private init(form: Form) {
        self.form = form
    }

    /// The topic's text, as published.
    public var text: String {
        switch form {
        case .split(let middle, let head, let leaf): TopicNames.topic(head: head, middle: middle, leaf: leaf)
        case .whole(let text): text
        }
    }
}
