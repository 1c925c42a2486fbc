/// The outbox's size as this connection knows it.
struct OutboxCounters {
    var depth: Int
    var bytes: Int
}
