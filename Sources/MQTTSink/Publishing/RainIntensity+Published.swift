// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Meteorology

extension RainIntensity {
    /// The word published on `<base>/<serial>/rain_intensity`: the class's
    /// name, except `No rain` for a dry sky. Home Assistant's MQTT sensor
    /// reads the payload `None` as "no value", so the entity sat `unknown`
    /// all day; the JSON events, the database and the WeatherFlow2MQTT
    /// compatibility layout (which copies that program's words) keep `None`.
    public var publishedText: String { self == .none ? "No rain" : rawValue }
}
