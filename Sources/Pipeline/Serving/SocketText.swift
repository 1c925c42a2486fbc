// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Glibc

/// Short notices to a connected socket, shared by the status and metrics
/// servers.
public enum SocketText {
    /// Sends what the socket takes at once of `text`, without waiting: for a
    /// short notice to a client that is closed right after.
    public static func sendOnce(_ text: String, to descriptor: Int32) {
        var text = text
        _ = text.withUTF8 { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }
}
