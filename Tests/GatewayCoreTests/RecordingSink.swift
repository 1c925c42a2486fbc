// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Synchronization

/// A publishing sink that records what the ingestor hands it, for tests
/// that need no broker.
final class RecordingSink: RetainedStateSink {
    struct Recorded {
        var values: [(topic: String, payload: String, withNextCommit: Bool)] = []
        var devices: [(serial: String, silenceAllowedSeconds: Int64?)] = []
        var flushes = 0
    }

    let format: PublicationFormat
    private let recorded = Mutex(Recorded())

    init(highRateValues: Bool = false) {
        format = PublicationFormat(layout: TopicLayout(base: "tempest"), qos: 1, highRateValues: highRateValues)
    }

    var values: [(topic: String, payload: String, withNextCommit: Bool)] { recorded.withLock { $0.values } }
    var devices: [(serial: String, silenceAllowedSeconds: Int64?)] { recorded.withLock { $0.devices } }
    var recordedFlushes: Int { recorded.withLock { $0.flushes } }

    func update(values: [(topic: RetainedTopic, payload: String)], withNextCommit: Bool) {
        recorded.withLock { recorded in
            recorded.values += values.map { ($0.topic.text, $0.payload, withNextCommit) }
        }
    }

    func sendValuesAwaitingCommit() {
        recorded.withLock { $0.flushes += 1 }
    }

    func noteDevice(_ device: HomeAssistantDiscovery.Device, receivedAt: Int64, silenceAllowedSeconds: Int64?) {
        recorded.withLock { $0.devices.append((device.serial, silenceAllowedSeconds)) }
    }
}
