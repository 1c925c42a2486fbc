// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Pipeline
/// How a message becomes MQTT publications: the topic layout, the events'
/// QoS, the units of published values and the optional WeatherFlow2MQTT
/// layout. Fixed for the life of a publisher.
public struct PublicationFormat: Sendable {
    /// The topic tree under the base topic.
    public var layout: TopicLayout
    /// The QoS of events and retained values.
    public var qos: Int
    /// The units of published values.
    public var units: PublishedUnits
    /// WeatherFlow2MQTT's topics too, or nil.
    public var compatibility: WeatherFlow2MQTTCompatibility?
    /// Whether what changes every few seconds is also published as plain
    /// values (`mqtt.high_rate_values`; see `MessagePublications.HighRate`).
    public var highRateValues: Bool

    /// Makes one from its parts.
    public init(
        layout: TopicLayout, qos: Int, units: PublishedUnits = .metric, compatibility: WeatherFlow2MQTTCompatibility? = nil,
        highRateValues: Bool = false
    ) {
        self.layout = layout
        self.qos = qos
        self.units = units
        self.compatibility = compatibility
        self.highRateValues = highRateValues
    }
}
