// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A component of `run` and the task that runs it, so that a reload can
/// stop one and start its replacement.
public struct RunningTask<Value: Sendable>: Sendable {
    /// The component (for its state).
    public let value: Value
    /// The task running it.
    public let task: Task<Void, Never>

    public init(_ value: Value, run: @escaping @Sendable () async -> Void) {
        self.value = value
        self.task = Task { await run() }
    }

    /// Cancels the task and waits for it to end.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
