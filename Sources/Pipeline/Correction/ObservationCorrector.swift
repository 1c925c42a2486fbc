// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration
import Storage
import Synchronization
import TempestUDP

/// The running gateway's `ObservationCorrection`, shared by the ingestor
/// and the readers of the run (the `[[export]]` and `[[upload]]` sinks, the
/// web page): made at the start from the stored sets, replaced when a
/// reload stores a new set.
public final class ObservationCorrector: Sendable {
    private let correction: Mutex<ObservationCorrection>

    /// A corrector that starts with `correction`.
    public init(_ correction: ObservationCorrection = .none) {
        self.correction = Mutex(correction)
    }

    /// The correction now.
    public var current: ObservationCorrection { correction.withLock { $0 } }

    /// Replaces the correction (the start or a reload stored new sets).
    public func replace(with correction: ObservationCorrection) {
        self.correction.withLock { $0 = correction }
    }

    /// `message` corrected (see `ObservationCorrection.corrected(_:)`).
    public func corrected(_ message: TempestMessage) -> TempestMessage {
        current.corrected(message)
    }

    /// `record` corrected (see `ObservationCorrection.corrected(_:)`).
    public func corrected(_ record: ObservationRecord) -> ObservationRecord {
        current.corrected(record)
    }

    /// Stores each station's set that changed (`ObservationCorrection.changedSets`)
    /// and corrects with them from now on; returns the stations (1-based)
    /// whose correction changed (a first set that corrects nothing is
    /// stored, and is no change). For the start and for a reload.
    public func apply(_ stations: [GatewayConfiguration.Station], writer: StoreWriter, now: Int64) async throws -> [Int] {
        // The stored sets, and those this run applied that may not be committed yet.
        let stored = try await writer.perform { store in try store.calibrationSets() }
        let base = ObservationCorrection(stations: stations, sets: stored).adding(current.sets, stations: stations)
        let changed = base.changedSets(for: stations, at: now)
        let updated = base.adding(changed, stations: stations)
        // Applied at once; stored with the next commit, ahead of every
        // message submitted after (not waited for: a full disk must not
        // hold up a start or a reload).
        replace(with: updated)
        if !changed.isEmpty { try writer.submit(changed.map { .calibrationSet($0) }, notice: nil) }
        return changed.filter { updated.previous(of: $0) != $0.calibration }.compactMap { set in
            base.stationKeys.firstIndex(of: set.station).map { $0 + 1 }
        }
    }
}
