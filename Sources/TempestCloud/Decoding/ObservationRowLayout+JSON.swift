// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import JSON
import TempestUDP

extension ObservationRowLayout {
    /// Maps one REST or WebSocket row (`obs_st`, `obs_air` or `obs_sky`: the
    /// UDP layout plus the cloud's extra indices, spec section 7.6) onto the
    /// UDP decoder's row type, through the kind's field table. Nil when the
    /// timestamp (index 0) is missing; any other slot may be null, absent
    /// or — for integers — `3.0`.
    ///
    /// Mapping `JSONValue` rows directly (rather than rebuilding datagram text
    /// for `DatagramDecoder`) avoids re-serialising and splitting large
    /// responses into ≤ 40-row pieces; the REST values are already rounded
    /// by the cloud, so the UDP range policy is not re-applied here.
    init?(restRow json: JSONValue) {
        guard let values = json.arrayValue, let seconds = values.first?.int64Value else { return nil }
        self.init(timestamp: UnixTimestamp(secondsSince1970: seconds))
        let slots = RowSlots(values)
        for field in Self.fields {
            switch field.slot {
            case .number(let property):
                self[keyPath: property] = slots.double(field.index)
            case .integer(let property):
                self[keyPath: property] = slots.integer(field.index)
            case .precipitationType(let property):
                self[keyPath: property] = slots.integer(field.index).map(PrecipitationType.init(code:))
            }
        }
    }
}
