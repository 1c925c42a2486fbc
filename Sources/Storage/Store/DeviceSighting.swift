/// What one transaction learned about a device: the latest time it was seen
/// and, if given, its hub and firmware.
struct DeviceSighting {
    var lastSeen: Int64
    var hubSerial: String?
    var firmware: String?
}

/// The outbox's size as this connection knows it.
struct OutboxCounters {
    var depth: Int
    var bytes: Int
}
