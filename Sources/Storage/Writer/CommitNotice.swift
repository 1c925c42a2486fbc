// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A value that rides with a submission through the writer's queue and is
/// handed to the commit observers in the `CommitReport` of the commit that
/// made the submission durable: what a sink may publish once, and only
/// once, the facts it describes are committed (retained values, devices
/// heard). It is never stored: when its facts are not committed (refused,
/// or spilled at a stop) it is dropped with them.
///
/// The store does not know what it holds; the sink that planned it does.
public struct CommitNotice: Sendable {
    /// What the planner put in.
    public let value: any Sendable

    /// Wraps `value`.
    public init(_ value: any Sendable) {
        self.value = value
    }
}
