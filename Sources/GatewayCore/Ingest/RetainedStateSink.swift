// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

/// The side of a publishing sink that the ingestor talks to: the latest
/// values and which devices spoke. Events never come this way; they reach
/// a sink only through the outbox, after their commit.
///
/// `GatewayPublisher` is the MQTT sink; tests use a fake that records calls.
public protocol RetainedStateSink: Sendable {
    /// How the sink names topics and formats events, for the outbox entries
    /// the ingestor commits beside each message's facts.
    var format: PublicationFormat { get }

    /// Records the latest values of one message. `withNextCommit`: the
    /// message's records are about to be submitted, so the values wait for
    /// their commit (see `GatewayPublisher.noteCommitted`).
    func update(values: [(topic: RetainedTopic, payload: String)], withNextCommit: Bool)

    /// Sends values that waited for a commit that will not come (the store
    /// refused the message, or cannot write at all).
    func sendValuesAwaitingCommit()

    /// Notes that `device` was heard, and how long it may stay silent
    /// before it counts as offline.
    func noteDevice(_ device: HomeAssistantDiscovery.Device, receivedAt: Int64, silenceAllowedSeconds: Int64?)
}
