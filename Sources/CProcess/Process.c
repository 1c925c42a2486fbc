// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#define _GNU_SOURCE
#include "CProcess.h"

#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void tempest_name_current_thread(const char *name) {
    // The kernel refuses names longer than 15 bytes: keep what fits.
    char truncated[16];
    strncpy(truncated, name, sizeof truncated - 1);
    truncated[sizeof truncated - 1] = '\0';
    pthread_setname_np(pthread_self(), truncated);
}

int tempest_use_one_malloc_arena(void) {
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (getenv("MALLOC_ARENA_MAX") != NULL
        || (tunables != NULL && strstr(tunables, "arena_max") != NULL)) {
        return 0;
    }
    return mallopt(M_ARENA_MAX, 1);
}
