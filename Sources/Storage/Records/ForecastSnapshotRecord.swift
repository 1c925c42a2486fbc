// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// A fetched forecast, kept as the provider's JSON text.
public struct ForecastSnapshotRecord: Sendable, Equatable {
    /// Station or location key the forecast is for.
    public var locationKey: String
    /// When it was fetched, epoch seconds.
    public var fetchedAt: Int64
    /// The request URL with any secret removed by the caller.
    public var sourceURL: String
    /// The response body.
    public var payloadJSON: String

    /// Creates a snapshot.
    public init(locationKey: String, fetchedAt: Int64, sourceURL: String, payloadJSON: String) {
        self.locationKey = locationKey
        self.fetchedAt = fetchedAt
        self.sourceURL = sourceURL
        self.payloadJSON = payloadJSON
    }
}
