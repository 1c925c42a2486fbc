// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ServiceLifecycle

/// Publishes the gateway device's values (`GatewayDeviceValues`) at the
/// start and then every `intervalSeconds`, until the group shuts down.
/// Without MQTT (nil publisher) it only waits for the shutdown, since a
/// service that ends would end the group.
public struct GatewayDeviceService: Service {
    public let publisher: GatewayPublisher?
    public let intervalSeconds: Int
    /// The values now.
    public let values: @Sendable () -> GatewayDeviceValues

    /// Makes one from its parts.
    public init(
        publisher: GatewayPublisher?, intervalSeconds: Int = GatewayDeviceValues.intervalSeconds,
        values: @escaping @Sendable () -> GatewayDeviceValues
    ) {
        self.publisher = publisher
        self.intervalSeconds = intervalSeconds
        self.values = values
    }

    public func run() async {
        await cancelWhenGracefulShutdown { [publisher, intervalSeconds, values] in
            while !Task.isCancelled {
                if let publisher { publisher.update(values: values().messages(layout: publisher.layout, units: publisher.format.units)) }
                try? await Task.sleep(for: .seconds(intervalSeconds))
            }
        }
    }
}
