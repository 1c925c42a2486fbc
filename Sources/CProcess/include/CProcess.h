// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#ifndef TEMPEST_GATEWAY_CPROCESS_H
#define TEMPEST_GATEWAY_CPROCESS_H
// Two process settings that glibc offers only through a macro constant or a
// GNU extension, neither of which Swift's Glibc module imports.

/// Names the calling thread (at most 15 bytes are kept), so that `top -H`,
/// `ps -L` and /proc/<pid>/task/<tid>/comm tell the gateway's threads apart.
/// Without it every thread inherits the name of the thread that created it.
void tempest_name_current_thread(const char *name);

/// Makes every thread allocate from glibc's main arena (mallopt M_ARENA_MAX
/// of 1). Call before a second thread allocates. Why: glibc gives each of
/// the gateway's busy threads its own arena, each with its own free pages
/// and top chunk, which costs resident memory under load (README.md,
/// "Speed and memory"). Small allocations still come from each thread's
/// cache without the arena's lock. An operator's own choice wins: when
/// MALLOC_ARENA_MAX or an arena_max tunable in GLIBC_TUNABLES is set, glibc
/// has applied it and this does nothing. Returns 0 when refused or skipped.
int tempest_use_one_malloc_arena(void);

#endif
