#ifndef TEMPEST_GATEWAY_CLOADER_H
#define TEMPEST_GATEWAY_CLOADER_H
// The dynamic loader's view of the process: which parts of the loaded
// objects (the binary and its shared libraries) are never written.
//
// Why: `run` drops the resident pages of code and read-only data that
// starting up touched (StartupPages.swift). A page may only be dropped when
// it holds exactly what the file holds. While a library is being loaded (by
// dlopen: libcurl on the first HTTP request, or a name-service module),
// its data segment may for a moment look read-only and untouched, then be
// relocated: dropping it then would lose the relocations. glibc adds an
// object to its list of loaded objects only once it is mapped, and
// relocates it only after that; `dl_iterate_phdr` holds the list's lock.
#include <stddef.h>
#include <stdint.h>

/// A page-aligned range of addresses, `start` included, `end` not.
typedef struct {
    uintptr_t start;
    uintptr_t end;
} tempest_address_range;

/// What `tempest_with_read_only_segments` calls.
typedef void (*tempest_segments_body)(void *context, const tempest_address_range *segments, size_t count);

/// Calls `body(context, segments, count)` once, with the loader's list of
/// loaded objects locked, so that no object joins it (and none is relocated
/// afresh) until `body` returns. `segments` are the whole pages of every
/// listed object's loadable segments that are not writable (code and
/// read-only data; RELRO, which the loader writes before protecting it, lies
/// in writable segments and is never among them). `count` is 0 when memory
/// for the list could not be had. `body` must not load or unload objects.
void tempest_with_read_only_segments(tempest_segments_body body, void *context);

#endif
