// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
// Loads libcurl with dlopen on first use instead of linking it (see
// include/CCurl.h for why) and forwards the wrappers to it.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The libcurl functions the HTTP and WebSocket modules use, resolved by load().
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLcode (*easy_perform)(CURL *handle);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    CURLcode (*easy_send)(CURL *handle, const void *buffer, size_t length, size_t *sent);
    CURLcode (*easy_recv)(CURL *handle, void *buffer, size_t length, size_t *received);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
// Written only inside pthread_once; pthread_once makes them visible to every
// caller that returns from it.
static bool load_succeeded;
static char load_failure[512];

static void remember_failure(void) {
    const char *reason = dlerror();
    snprintf(load_failure, sizeof load_failure, "%s", reason ? reason : "unknown dlopen error");
}

static void load(void) {
    // RTLD_LOCAL: libcurl's symbols (and its libraries') stay out of the
    // global namespace, so they cannot shadow anything loaded later.
    void *library = dlopen(TEMPEST_CURL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        remember_failure();
        return;
    }
    const struct {
        const char *name;
        void **slot;
    } symbols[] = {
        {"curl_global_init", (void **)&curl.global_init},
        {"curl_easy_init", (void **)&curl.easy_init},
        {"curl_easy_setopt", (void **)&curl.easy_setopt},
        {"curl_easy_getinfo", (void **)&curl.easy_getinfo},
        {"curl_easy_perform", (void **)&curl.easy_perform},
        {"curl_easy_cleanup", (void **)&curl.easy_cleanup},
        {"curl_easy_reset", (void **)&curl.easy_reset},
        {"curl_easy_strerror", (void **)&curl.easy_strerror},
        {"curl_slist_append", (void **)&curl.slist_append},
        {"curl_slist_free_all", (void **)&curl.slist_free_all},
        {"curl_easy_send", (void **)&curl.easy_send},
        {"curl_easy_recv", (void **)&curl.easy_recv},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        dlerror();
        *symbols[index].slot = dlsym(library, symbols[index].name);
        if (*symbols[index].slot == NULL) {
            remember_failure();
            dlclose(library);
            return;
        }
    }
    load_succeeded = true;
}

bool tempest_curl_load(const char **message) {
    pthread_once(&load_once, load);
    if (!load_succeeded && message != NULL) *message = load_failure;
    return load_succeeded;
}

CURLcode tempest_curl_global_init(long flags) {
    return tempest_curl_load(NULL) ? curl.global_init(flags) : CURLE_FAILED_INIT;
}

CURL *tempest_curl_easy_init(void) {
    return tempest_curl_load(NULL) ? curl.easy_init() : NULL;
}

CURLcode tempest_curl_easy_perform(CURL *handle) {
    return curl.easy_perform(handle);
}

void tempest_curl_easy_cleanup(CURL *handle) {
    curl.easy_cleanup(handle);
}

void tempest_curl_easy_reset(CURL *handle) {
    curl.easy_reset(handle);
}

const char *tempest_curl_easy_strerror(CURLcode code) {
    return tempest_curl_load(NULL) ? curl.easy_strerror(code) : "libcurl is not loaded";
}

struct curl_slist *tempest_curl_slist_append(struct curl_slist *list, const char *text) {
    return tempest_curl_load(NULL) ? curl.slist_append(list, text) : NULL;
}

void tempest_curl_slist_free_all(struct curl_slist *list) {
    if (list != NULL) curl.slist_free_all(list);
}

CURLcode tempest_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode tempest_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode tempest_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode tempest_curl_setopt_write_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

CURLcode tempest_curl_setopt_header_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

CURLcode tempest_curl_setopt_progress_function(
    CURL *handle, int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

CURLcode tempest_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode tempest_curl_getinfo_socket(CURL *handle, CURLINFO info, curl_socket_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode tempest_curl_easy_send(CURL *handle, const void *buffer, size_t length, size_t *sent) {
    return curl.easy_send(handle, buffer, length, sent);
}

CURLcode tempest_curl_easy_recv(CURL *handle, void *buffer, size_t length, size_t *received) {
    return curl.easy_recv(handle, buffer, length, received);
}
