import Glibc

/// Writing a whole reply to a connected socket, shared by the status and
/// metrics servers.
public enum SocketText {
    /// Sends all of `text`, stopping early only when the peer went away.
    public static func send(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
