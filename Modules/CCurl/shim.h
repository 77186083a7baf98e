#ifndef KAGO_CCURL_SHIM_H
#define KAGO_CCURL_SHIM_H
// libcurl's types and constants only: nothing here links libcurl. KagoSync loads it with dlopen
// when a sync runs, so a launch without sync does not pay for its 40 libraries.
#include <curl/curl.h>

/// The variadic functions, as the pointers dlsym returns.
typedef CURLcode (*kago_curl_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*kago_curl_getinfo_fn)(CURL *, CURLINFO, ...);

/// Typed calls through a variadic pointer: a variadic function must be called as one, which
/// Swift cannot do through a function pointer.
static inline CURLcode kago_curl_setopt_long(kago_curl_setopt_fn f, CURL *c, CURLoption o, long v) { return f(c, o, v); }
static inline CURLcode kago_curl_setopt_off(kago_curl_setopt_fn f, CURL *c, CURLoption o, curl_off_t v) { return f(c, o, v); }
static inline CURLcode kago_curl_setopt_pointer(kago_curl_setopt_fn f, CURL *c, CURLoption o, const void *v) { return f(c, o, v); }
static inline CURLcode kago_curl_setopt_write(kago_curl_setopt_fn f, CURL *c, CURLoption o, curl_write_callback v) { return f(c, o, v); }
static inline CURLcode kago_curl_getinfo_long(kago_curl_getinfo_fn f, CURL *c, CURLINFO i, long *v) { return f(c, i, v); }

/// Macros with casts, which do not import into Swift.
static inline long kago_curlauth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long kago_curl_global_default(void) { return (long)CURL_GLOBAL_DEFAULT; }

#endif
