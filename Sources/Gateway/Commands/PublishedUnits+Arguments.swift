// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import ArgumentParser
import GatewayCore
import Pipeline

// The published units as option values (`--temperature-unit fahrenheit`, …).
extension PublishedUnits.TemperatureUnit: ExpressibleByArgument {}
extension PublishedUnits.SpeedUnit: ExpressibleByArgument {}
extension PublishedUnits.PressureUnit: ExpressibleByArgument {}
extension PublishedUnits.RainUnit: ExpressibleByArgument {}
extension PublishedUnits.DistanceUnit: ExpressibleByArgument {}
