// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import ServiceLifecycle
import Synchronization

/// A part of `run` that a configuration reload can replace while the rest
/// goes on: the WeatherFlow cloud follower and the forecast service. It runs
/// its component until the group shuts down; a new configuration stops the
/// component and starts the one built from it (or none, when it is off).
public final class ReplaceableService<Component: Sendable>: Service, Sendable {
    /// What the log calls it.
    public let name: String
    private let operatorLog: OperatorLog
    private let make: @Sendable (GatewayConfiguration) throws -> Component?
    private let runComponent: @Sendable (Component) async -> Void
    private let current = Mutex<RunningTask<Component>?>(nil)
    private let initial: Component?
    private let changes: AsyncStream<GatewayConfiguration>
    private let continuation: AsyncStream<GatewayConfiguration>.Continuation

    /// `initial` is built before the group starts, so that a startup problem
    /// stops `run` before READY; `make` builds replacements on reloads.
    public init(
        name: String, initial: Component?, make: @escaping @Sendable (GatewayConfiguration) throws -> Component?,
        operatorLog: OperatorLog, run: @escaping @Sendable (Component) async -> Void
    ) {
        self.name = name
        self.operatorLog = operatorLog
        self.initial = initial
        self.make = make
        self.runComponent = run
        (changes, continuation) = AsyncStream.makeStream(of: GatewayConfiguration.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The component running now, if any (for `status`).
    public var component: Component? { current.withLock { $0?.value } }

    /// Replaces the component with one built from `settings`.
    public func replace(with settings: GatewayConfiguration) {
        continuation.yield(settings)
    }

    public func run() async {
        if let initial { start(initial) }
        await cancelWhenGracefulShutdown { [self] in
            for await settings in changes {
                await current.withLock { $0.take() }?.stop()
                do {
                    if let replacement = try make(settings) { start(replacement) }
                } catch {
                    operatorLog.line("Configuration reloaded, but \(name) did not restart: \(error)")
                }
            }
        }
        await current.withLock { $0.take() }?.stop()
    }

    private func start(_ component: Component) {
        current.withLock { $0 = RunningTask(component) { [runComponent] in await runComponent(component) } }
    }
}
