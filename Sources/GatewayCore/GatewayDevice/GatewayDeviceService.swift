// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import MQTTSink
import ServiceLifecycle

/// Publishes the gateway device's values (`GatewayDeviceValues`) at the
/// start and then every `intervalSeconds`, until the group shuts down.
/// The values go through the store writer (`RetainedStateOutlet`), like
/// every other published value. Without MQTT (nil outlet) it only waits
/// for the shutdown, since a
/// service that ends would end the group.
public struct GatewayDeviceService: Service {
    public let outlet: RetainedStateOutlet?
    public let intervalSeconds: Int
    /// The values now.
    public let values: @Sendable () -> GatewayDeviceValues

    /// Makes one from its parts.
    public init(
        outlet: RetainedStateOutlet?, intervalSeconds: Int = GatewayDeviceValues.intervalSeconds,
        values: @escaping @Sendable () -> GatewayDeviceValues
    ) {
        self.outlet = outlet
        self.intervalSeconds = intervalSeconds
        self.values = values
    }

    public func run() async {
        await cancelWhenGracefulShutdown { [outlet, intervalSeconds, values] in
            while !Task.isCancelled {
                if let outlet { outlet.publish(values().messages(layout: outlet.layout, units: outlet.format.units)) }
                try? await Task.sleep(for: .seconds(intervalSeconds))
            }
        }
    }
}
