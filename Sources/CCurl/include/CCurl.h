// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

#ifndef TEMPEST_GATEWAY_CCURL_H
#define TEMPEST_GATEWAY_CCURL_H
// libcurl, loaded at run time: the types and constants come from
// <curl/curl.h>; every call goes through the tempest_curl_* functions below,
// which call libcurl through pointers that CurlLoader.c resolves with
// dlopen/dlsym. Do not call curl_* directly: <curl/curl.h> declares them,
// but the binary does not link libcurl, so the link would fail.
#include <curl/curl.h>
#include <stdbool.h>

/// The soname dlopen asks for (Debian's libcurl4 package).
#define TEMPEST_CURL_LIBRARY "libcurl.so.4"

/// Loads libcurl (dlopen of TEMPEST_CURL_LIBRARY, RTLD_NOW | RTLD_LOCAL)
/// and resolves every function below, once per process and thread-safely
/// (pthread_once); later calls return the first outcome. True when libcurl
/// is usable. When not, `*message` (if `message` is not NULL) points to a
/// static description of why (dlerror's text), valid for the whole process.
///
/// Why not link it: libcurl and the ~25 libraries it pulls in (GnuTLS,
/// p11-kit, Kerberos, LDAP, nettle, libssh2, nghttp2, librtmp, ...) cost
/// ~3.8 MB of resident memory from the moment the process starts, and most
/// gateways never make an HTTP request (only the WeatherFlow REST cloud and
/// Open-Meteo forecasts use HTTP). Loaded on the first transfer, they cost
/// nothing until then.
bool tempest_curl_load(const char **message);

// The wrappers below may be called only after tempest_curl_load returned
// true; before that the ones without a handle fail safely (NULL or
// CURLE_FAILED_INIT), and a handle cannot exist.

/// curl_global_init.
CURLcode tempest_curl_global_init(long flags);
/// curl_easy_init.
CURL *tempest_curl_easy_init(void);
/// curl_easy_perform.
CURLcode tempest_curl_easy_perform(CURL *handle);
/// curl_easy_cleanup.
void tempest_curl_easy_cleanup(CURL *handle);
/// curl_easy_reset: the options back to their defaults, the connections
/// and caches kept (for a handle used again).
void tempest_curl_easy_reset(CURL *handle);
/// curl_easy_strerror.
const char *tempest_curl_easy_strerror(CURLcode code);
/// curl_slist_append.
struct curl_slist *tempest_curl_slist_append(struct curl_slist *list, const char *text);
/// curl_slist_free_all.
void tempest_curl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call; these typed wrappers pass each kind of value through.

/// curl_easy_setopt with a long value.
CURLcode tempest_curl_setopt_long(CURL *handle, CURLoption option, long value);
/// curl_easy_setopt with a string value (libcurl copies it).
CURLcode tempest_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
/// curl_easy_setopt with a pointer value.
CURLcode tempest_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
/// curl_easy_setopt(CURLOPT_WRITEFUNCTION).
CURLcode tempest_curl_setopt_write_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *));
/// curl_easy_setopt(CURLOPT_HEADERFUNCTION).
CURLcode tempest_curl_setopt_header_function(CURL *handle, size_t (*function)(char *, size_t, size_t, void *));
/// curl_easy_setopt(CURLOPT_XFERINFOFUNCTION).
CURLcode tempest_curl_setopt_progress_function(
    CURL *handle, int (*function)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t));
/// curl_easy_getinfo for a long value.
CURLcode tempest_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
/// curl_easy_getinfo for a socket value (CURLINFO_ACTIVESOCKET).
CURLcode tempest_curl_getinfo_socket(CURL *handle, CURLINFO info, curl_socket_t *value);

// For a connection made with CURLOPT_CONNECT_ONLY (the WebSocket module
// speaks its own protocol over libcurl's TCP or TLS connection).

/// curl_easy_send.
CURLcode tempest_curl_easy_send(CURL *handle, const void *buffer, size_t length, size_t *sent);
/// curl_easy_recv.
CURLcode tempest_curl_easy_recv(CURL *handle, void *buffer, size_t length, size_t *received);

#endif
