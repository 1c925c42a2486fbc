/// What one transaction learned about a device: the earliest and latest
/// times it was seen and, if given, its hub and firmware.
struct DeviceSighting {
    var firstSeen: Int64
    var lastSeen: Int64
    var hubSerial: String?
    var firmware: String?
}
