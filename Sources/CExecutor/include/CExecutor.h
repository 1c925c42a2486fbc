#ifndef TEMPEST_GATEWAY_CEXECUTOR_H
#define TEMPEST_GATEWAY_CEXECUTOR_H
// One thread of the gateway's own that runs Swift concurrency's global jobs
// and its timers, in place of libdispatch's thread pool.
//
// Why: once any Swift task has run on libdispatch's pool, libdispatch
// watches the pool with a timer that wakes the process once a second for as
// long as it lives (on Linux it has no kernel work queue to ask): about 75 µs
// of CPU a second here, 5-6.6 CPU-seconds a day of a gateway that has
// nothing to do. The gateway's tasks mostly wait for its own threads
// (listener, store writer, libmosquitto), so one thread runs them all.
//
// How: the Swift runtime asks the `swift_task_enqueueGlobal*_hook` variables
// (exported by libswift_Concurrency since Swift 5.5) before handing a job to
// libdispatch. `Task.sleep` does not ask them (Swift 6.3 sends it straight
// to libdispatch), so the gateway sleeps with `tempest_executor_schedule`.
#include <stdbool.h>
#include <stdint.h>

/// Starts the executor's thread (once per process) and routes every global
/// job to it from now on. Call it before the first task hops to the global
/// executor. False when the thread could not be started: the jobs then stay
/// with libdispatch.
bool tempest_executor_install(void);

/// A timer's callback: runs on the executor's thread, and must return soon.
typedef void (*tempest_executor_callback)(void *context);

/// Calls `callback(context)` on the executor's thread once `delay_ns`
/// nanoseconds of the monotonic clock have passed (starting the thread if
/// needed; installing is not needed). Returns the timer's id, never 0; 0
/// when the thread could not be started, and the callback is never called.
uint64_t tempest_executor_schedule(uint64_t delay_ns, tempest_executor_callback callback, void *context);

/// Removes a timer whose callback has not started: true, and `*context`
/// (when not NULL) receives the context it was scheduled with, so that the
/// caller can release it. False when the callback already ran or is running.
bool tempest_executor_cancel(uint64_t timer, void **context);

#endif
