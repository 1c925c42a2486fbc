// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// How good the temperature forecast was at one lead time: over every
/// verified forecast hour with that lead, the mean absolute error and the
/// mean error (observed minus forecast, the bias).
public struct VerificationSummary: Sendable, Equatable {
    /// Hours between the forecast's issue hour and the hour verified.
    public var leadHours: Int
    /// How many forecast hours were verified.
    public var count: Int
    /// Mean of |observed − forecast|, °C.
    public var meanAbsoluteErrorCelsius: Double
    /// Mean of observed − forecast, °C (positive: the forecast was too cold).
    public var meanErrorCelsius: Double

    /// Creates a summary.
    public init(leadHours: Int, count: Int, meanAbsoluteErrorCelsius: Double, meanErrorCelsius: Double) {
        self.leadHours = leadHours
        self.count = count
        self.meanAbsoluteErrorCelsius = meanAbsoluteErrorCelsius
        self.meanErrorCelsius = meanErrorCelsius
    }
}
