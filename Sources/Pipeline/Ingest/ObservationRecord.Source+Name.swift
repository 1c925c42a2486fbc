// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Storage

extension ObservationRecord.Source {
    /// How the source is named in events, `status` and exports: `udp`,
    /// `rest`, `backfill` or `websocket`.
    public var name: String {
        switch self {
        case .udp: "udp"
        case .rest: "rest"
        case .backfill: "backfill"
        case .websocket: "websocket"
        }
    }
}
