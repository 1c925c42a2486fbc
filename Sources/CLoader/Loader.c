#define _GNU_SOURCE
#include "CLoader.h"

#include <elf.h>
#include <link.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
    tempest_address_range *segments;
    size_t count;
    size_t capacity;
    uintptr_t page_size;
    int failed;
} segment_list;

typedef struct {
    tempest_segments_body body;
    void *context;
} locked_call;

static int collect_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    segment_list *list = data;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_W) || header->p_memsz == 0) continue;
        // Whole pages only: a page shared with a writable neighbour is left alone.
        uintptr_t first = info->dlpi_addr + header->p_vaddr;
        uintptr_t start = (first + list->page_size - 1) & ~(list->page_size - 1);
        uintptr_t end = (first + header->p_memsz) & ~(list->page_size - 1);
        if (start >= end) continue;
        if (list->count == list->capacity) {
            size_t capacity = list->capacity ? list->capacity * 2 : 64;
            tempest_address_range *grown = realloc(list->segments, capacity * sizeof *grown);
            if (!grown) {
                list->failed = 1;
                return 1;
            }
            list->segments = grown;
            list->capacity = capacity;
        }
        list->segments[list->count++] = (tempest_address_range){start, end};
    }
    return 0;
}

static int call_locked(struct dl_phdr_info *info, size_t size, void *data) {
    (void)info;
    (void)size;
    const locked_call *call = data;
    long page_size = sysconf(_SC_PAGESIZE);
    segment_list list = {NULL, 0, 0, page_size > 0 ? (uintptr_t)page_size : 4096, 0};
    // The lock dl_iterate_phdr holds is recursive: listing again from here
    // sees the same objects and keeps them fixed until body returns.
    dl_iterate_phdr(collect_segments, &list);
    call->body(call->context, list.failed ? NULL : list.segments, list.failed ? 0 : list.count);
    free(list.segments);
    return 1;  // once, on the first object
}

void tempest_with_read_only_segments(tempest_segments_body body, void *context) {
    locked_call call = {body, context};
    dl_iterate_phdr(call_locked, &call);
}
