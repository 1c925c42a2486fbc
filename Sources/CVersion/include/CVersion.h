// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#ifndef TEMPEST_GATEWAY_CVERSION_H
#define TEMPEST_GATEWAY_CVERSION_H
// The gateway's version, from the VERSION file at the package root. Package.swift
// reads the file and hands it to this target as TEMPEST_GATEWAY_VERSION, so the
// binary, the .deb and the changelog all take it from that one place.

/// The version as text ("0.2.0"); never NULL.
const char *tempest_gateway_version(void);

#endif
