/// A retained topic as the publisher keeps it: split at its last two `/`
/// instead of as one text.
///
/// The publisher remembers the latest value of every retained topic (to
/// publish only changes, and everything again after a reconnect). Held as
/// one text, `tempest/ST-00012345/wind_speed` is a heap allocation of its
/// own; its parts, `tempest`, `ST-00012345` and `wind_speed`, are each short
/// enough for Swift to keep inline, and the base is shared with the layout
/// anyway. A device heard only by rapid wind cost about 100 bytes more with
/// text keys, and the text of every value of every datagram was built to
/// look it up, changed or not; it is now built only when a value is sent.
///
/// The split is canonical: a topic made from its parts equals the same topic
/// made from its text.
struct RetainedTopic: Hashable, Sendable {
    /// The topic up to its second-to-last `/`, or all of it when it has
    /// fewer than two.
    private let head: String
    /// The last two levels; both nil when the topic has fewer than two `/`.
    private let middle: String?
    private let leaf: String?

    /// The topic `text`, split.
    init(_ text: String) {
        let utf8 = text.utf8
        guard let last = utf8.lastIndex(of: UInt8(ascii: "/")),
            let secondToLast = utf8[..<last].lastIndex(of: UInt8(ascii: "/"))
        else {
            self.init(head: text, middle: nil, leaf: nil)
            return
        }
        self.init(
            head: String(text[..<secondToLast]), middle: String(text[utf8.index(after: secondToLast)..<last]),
            leaf: String(text[utf8.index(after: last)...]))
    }

    /// `<base>/<serial>/<field>`, without building its text.
    init(base: String, serial: String, field: String) {
        let slash = UInt8(ascii: "/")
        if serial.utf8.contains(slash) || field.utf8.contains(slash) {
            self.init("\(base)/\(serial)/\(field)")  // split where the text splits
        } else {
            self.init(head: base, middle: serial, leaf: field)
        }
    }

    private init(head: String, middle: String?, leaf: String?) {
        (self.head, self.middle, self.leaf) = (head, middle, leaf)
    }

    /// The topic's text, as published.
    var text: String {
        guard let middle, let leaf else { return head }
        return "\(head)/\(middle)/\(leaf)"
    }
}
