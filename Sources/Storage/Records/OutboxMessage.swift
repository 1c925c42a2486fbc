// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// An MQTT message waiting for delivery to be acknowledged.
public struct OutboxMessage: Sendable, Equatable {
    /// How important a message is when the outbox must shed load.
    public enum Priority: Int64, Sendable, CaseIterable {
        /// Rapid wind: shed first when the outbox is over its bound.
        case rapidWind = 0
        /// Observations: never shed silently.
        case observation = 1
        /// Events (strikes, rain starts): never shed silently.
        case event = 2
        /// Retained state and discovery: never shed silently.
        case state = 3
    }

    /// Database id, increasing in enqueue order (0 until stored).
    public var id: Int64
    /// MQTT topic.
    public var topic: String
    /// Payload bytes.
    public var payload: [UInt8]
    /// MQTT quality of service (0, 1 or 2).
    public var qos: Int
    /// MQTT retain flag.
    public var retain: Bool
    /// Shedding class.
    public var priority: Priority
    /// When it was enqueued, epoch seconds.
    public var createdAt: Int64

    /// Creates a message (its id is assigned when stored).
    public init(
        id: Int64 = 0, topic: String, payload: [UInt8], qos: Int, retain: Bool, priority: Priority, createdAt: Int64
    ) {
        self.id = id
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
        self.priority = priority
        self.createdAt = createdAt
    }
}
