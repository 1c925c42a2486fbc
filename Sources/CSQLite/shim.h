// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#ifndef TEMPEST_GATEWAY_CSQLITE_SHIM_H
#define TEMPEST_GATEWAY_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; this hands the same value over as a typed constant.
static inline sqlite3_destructor_type tempest_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
