// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#include "CVersion.h"

#ifndef TEMPEST_GATEWAY_VERSION
#error "TEMPEST_GATEWAY_VERSION is not defined: Package.swift reads it from the VERSION file"
#endif

const char *tempest_gateway_version(void) {
    return TEMPEST_GATEWAY_VERSION;
}
