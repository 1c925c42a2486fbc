// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import MQTTSink
import Pipeline
import Storage
import Synchronization
import TempestCloud
import TempestUDP

/// The MQTT sink's planner with a recorder on both sides, for tests that
/// need no broker: what the ingestor planned (`values`, `devices`, as soon
/// as a message is ingested), and, as the writer's observer, what reached
/// the sink with each commit (`committedValues`).
final class RecordingSink: DeliveryPlanner, CommitObserver {
    struct Recorded {
        var values: [(topic: String, payload: String)] = []
        var devices: [(serial: String, silenceAllowedSeconds: Int64?)] = []
        var committedValues: [(topic: String, payload: String)] = []
    }

    let planner: PublicationPlanner
    var format: PublicationFormat { planner.format }
    private let recorded = Mutex(Recorded())

    init(highRateValues: Bool = false, rapidWindIntervalSeconds: Int64 = 0) {
        planner = PublicationPlanner(
            format: PublicationFormat(layout: TopicLayout(base: "tempest"), qos: 1, highRateValues: highRateValues),
            rapidWindIntervalSeconds: rapidWindIntervalSeconds)
    }

    var values: [(topic: String, payload: String)] { recorded.withLock { $0.values } }
    var devices: [(serial: String, silenceAllowedSeconds: Int64?)] { recorded.withLock { $0.devices } }
    var committedValues: [(topic: String, payload: String)] { recorded.withLock { $0.committedValues } }

    func plan(_ message: TempestMessage, context: DeliveryContext) -> PlannedDeliveries? {
        let planned = planner.plan(message, context: context)
        record(planned?.notice)
        return planned
    }

    func planDevices(of message: TempestMessage, receivedAt: Int64) -> CommitNotice? {
        let notice = planner.planDevices(of: message, receivedAt: receivedAt)
        record(notice)
        return notice
    }

    func planNearbyStrike(_ strike: NearbyStrike, receivedAt: Int64) -> [StoreWrite] {
        planner.planNearbyStrike(strike, receivedAt: receivedAt)
    }

    func committed(_ report: CommitReport) {
        let values = report.notices.compactMap { $0.value as? RetainedStateNotice }.flatMap(\.values)
        recorded.withLock { $0.committedValues += values.map { ($0.topic.text, $0.payload) } }
    }

    private func record(_ notice: CommitNotice?) {
        guard let notice = notice?.value as? RetainedStateNotice else { return }
        recorded.withLock { recorded in
            recorded.values += notice.values.map { ($0.topic.text, $0.payload) }
            recorded.devices += notice.heard.map { ($0.device.serial, $0.silenceAllowedSeconds) }
        }
    }
}
