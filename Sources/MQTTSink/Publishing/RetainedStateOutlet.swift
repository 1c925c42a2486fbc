// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
import Storage

/// Where the gateway's retained MQTT values that are no station message go
/// (forecasts, the cloud's rain check, the gateway device's values,
/// discovery documents): through the store writer (`StateInput`), so that
/// they reach the publisher with a commit, like a message's values. Made
/// only when MQTT is on.
public struct RetainedStateOutlet: Sendable {
    /// How the publisher names topics and formats values.
    public let format: PublicationFormat
    /// Home Assistant discovery, nil when it is off.
    public let discovery: HomeAssistantDiscovery?
    private let input: StateInput

    /// An outlet for a publisher with `format` and `discovery`, through `input`.
    public init(format: PublicationFormat, discovery: HomeAssistantDiscovery?, input: StateInput) {
        self.format = format
        self.discovery = discovery
        self.input = input
    }

    /// The topic tree.
    public var layout: TopicLayout { format.layout }

    /// Publishes `values` as retained state once committed (the publisher
    /// sends those that changed, as for a message's values).
    public func publish(_ values: [(topic: String, payload: String)]) {
        publish(values.map { (RetainedTopic($0.topic), $0.payload) })
    }

    /// `publish(_:)` for topics already made.
    public func publish(_ values: [(topic: RetainedTopic, payload: String)]) {
        guard !values.isEmpty else { return }
        input.submit(notice: CommitNotice(RetainedStateNotice(values: values, heard: [])))
    }
}
