// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// The ingestor's sibling input, for what the sinks deliver that is no
/// station message: forecasts, the cloud's rain check, the gateway's own
/// values, discovery documents. It takes the same path as a message: the
/// notice rides through the store writer and reaches the sinks in the
/// report of the commit that made `writes` durable (none: an empty
/// transaction, which writes nothing), never before, under load too.
public struct StateInput: Sendable {
    private let inbox: StoreInbox

    /// An input that submits to `inbox` (what is submitted before the
    /// writer starts waits for it).
    public init(inbox: StoreInbox) {
        self.inbox = inbox
    }

    /// Hands `notice` to the sinks once `writes` are committed. False when
    /// the store refused it (its memory bound, or stopped).
    @discardableResult
    public func submit(_ writes: [StoreWrite] = [], notice: CommitNotice) -> Bool {
        (try? inbox.submit(writes, notice: notice)) != nil
    }
}
