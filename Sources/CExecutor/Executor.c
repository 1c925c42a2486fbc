// The executor's thread: a FIFO of ready work and a min-heap of timers under
// one mutex, and a condition variable on the monotonic clock that the thread
// sleeps on until the next timer or new work. See CExecutor.h for why.
#define _GNU_SOURCE
#include "CExecutor.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

// The runtime's entry points, declared here because the toolchain ships no
// header for them. They use Swift's calling convention; a job is opaque.
#define SWIFT_CALL __attribute__((swiftcall))
typedef struct SwiftJob SwiftJob;
extern void *swift_task_enqueueGlobal_hook;
extern void *swift_task_enqueueGlobalWithDelay_hook;
extern void *swift_task_enqueueGlobalWithDeadline_hook;
// `SerialExecutorRef` is two words; {0, 0} is the generic (global) executor.
extern SWIFT_CALL void swift_job_run(SwiftJob *job, const void *identity, uintptr_t implementation);
extern SWIFT_CALL void swift_get_time(long long *seconds, long long *nanoseconds, int clock);

/// A job to run, or a timer's callback to call.
typedef struct {
    SwiftJob *job;
    tempest_executor_callback callback;
    void *context;
} Work;

typedef struct {
    uint64_t due_ns;
    uint64_t id;  // also the order of equal deadlines: ids only grow
    Work work;
} Timer;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wakeup;
static pthread_once_t started_once = PTHREAD_ONCE_INIT;
static bool thread_started;

static Work *ready;  // a ring
static size_t ready_capacity, ready_head, ready_count;
static Timer *timers;  // a binary min-heap
static size_t timer_capacity, timer_count;
static uint64_t last_timer_id;

static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

// Allocation failures abort: a job the runtime handed over cannot be
// refused, and losing it would hang its task forever.
static void *reallocate(void *memory, size_t bytes) {
    void *grown = realloc(memory, bytes);
    if (grown == NULL) abort();
    return grown;
}

static void push_ready(Work work) {
    if (ready_count == ready_capacity) {
        size_t capacity = ready_capacity ? ready_capacity * 2 : 64;
        Work *ring = reallocate(NULL, capacity * sizeof *ring);
        for (size_t index = 0; index < ready_count; index++) ring[index] = ready[(ready_head + index) % ready_capacity];
        free(ready);
        ready = ring;
        ready_capacity = capacity;
        ready_head = 0;
    }
    ready[(ready_head + ready_count) % ready_capacity] = work;
    ready_count++;
}

static bool earlier(const Timer *a, const Timer *b) {
    return a->due_ns < b->due_ns || (a->due_ns == b->due_ns && a->id < b->id);
}

static void swap_timers(size_t a, size_t b) {
    Timer kept = timers[a];
    timers[a] = timers[b];
    timers[b] = kept;
}

static void sift_up(size_t index) {
    while (index > 0) {
        size_t parent = (index - 1) / 2;
        if (!earlier(&timers[index], &timers[parent])) break;
        swap_timers(index, parent);
        index = parent;
    }
}

static void sift_down(size_t index) {
    for (;;) {
        size_t left = 2 * index + 1, right = left + 1, first = index;
        if (left < timer_count && earlier(&timers[left], &timers[first])) first = left;
        if (right < timer_count && earlier(&timers[right], &timers[first])) first = right;
        if (first == index) return;
        swap_timers(index, first);
        index = first;
    }
}

static uint64_t push_timer(uint64_t due_ns, Work work) {
    if (timer_count == timer_capacity) {
        timer_capacity = timer_capacity ? timer_capacity * 2 : 16;
        timers = reallocate(timers, timer_capacity * sizeof *timers);
    }
    uint64_t id = ++last_timer_id;
    timers[timer_count] = (Timer){.due_ns = due_ns, .id = id, .work = work};
    sift_up(timer_count++);
    return id;
}

static Timer remove_timer(size_t index) {
    Timer removed = timers[index];
    timers[index] = timers[--timer_count];
    if (index < timer_count) {
        sift_down(index);
        sift_up(index);
    }
    return removed;
}

static void *run_loop(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        uint64_t now = monotonic_ns();
        while (timer_count > 0 && timers[0].due_ns <= now) push_ready(remove_timer(0).work);
        if (ready_count > 0) {
            Work work = ready[ready_head];
            ready_head = (ready_head + 1) % ready_capacity;
            ready_count--;
            pthread_mutex_unlock(&lock);
            if (work.job != NULL) {
                swift_job_run(work.job, NULL, 0);
            } else {
                work.callback(work.context);
            }
            pthread_mutex_lock(&lock);
        } else if (timer_count > 0) {
            struct timespec due = {
                .tv_sec = (time_t)(timers[0].due_ns / 1000000000u), .tv_nsec = (long)(timers[0].due_ns % 1000000000u)};
            pthread_cond_timedwait(&wakeup, &lock, &due);
        } else {
            pthread_cond_wait(&wakeup, &lock);
        }
    }
    return NULL;
}

static void start_thread(void) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&wakeup, &attributes);
    pthread_condattr_destroy(&attributes);
    pthread_t thread;
    if (pthread_create(&thread, NULL, run_loop, NULL) != 0) return;
    pthread_setname_np(thread, "swift-tasks");
    pthread_detach(thread);
    thread_started = true;
}

static bool ensure_thread(void) {
    pthread_once(&started_once, start_thread);
    return thread_started;
}

static void add_ready(Work work) {
    pthread_mutex_lock(&lock);
    push_ready(work);
    pthread_cond_signal(&wakeup);
    pthread_mutex_unlock(&lock);
}

static uint64_t add_timer(uint64_t delay_ns, Work work) {
    uint64_t now = monotonic_ns();
    uint64_t due = delay_ns > UINT64_MAX - now ? UINT64_MAX : now + delay_ns;
    pthread_mutex_lock(&lock);
    uint64_t id = push_timer(due, work);
    // The thread sleeps until the earliest timer: only a new earliest one
    // needs to wake it.
    if (timers[0].id == id) pthread_cond_signal(&wakeup);
    pthread_mutex_unlock(&lock);
    return id;
}

// The hooks receive the runtime's own implementation as their last argument;
// it is not called (it would hand the job to libdispatch).
static SWIFT_CALL void enqueue_global(SwiftJob *job, void *original) {
    (void)original;
    add_ready((Work){.job = job});
}

static SWIFT_CALL void enqueue_global_with_delay(unsigned long long delay_ns, SwiftJob *job, void *original) {
    (void)original;
    add_timer(delay_ns, (Work){.job = job});
}

static SWIFT_CALL void enqueue_global_with_deadline(
    long long seconds, long long nanoseconds, long long tolerance_seconds, long long tolerance_nanoseconds, int clock,
    SwiftJob *job, void *original) {
    (void)tolerance_seconds;
    (void)tolerance_nanoseconds;
    (void)original;
    // The deadline is on the runtime's clock `clock`: measured against that
    // clock's own reading, so the monotonic clock needs no conversion.
    long long now_seconds = 0, now_nanoseconds = 0;
    swift_get_time(&now_seconds, &now_nanoseconds, clock);
    long long delay = (seconds - now_seconds) * 1000000000LL + (nanoseconds - now_nanoseconds);
    add_timer(delay > 0 ? (uint64_t)delay : 0, (Work){.job = job});
}

bool tempest_executor_install(void) {
    if (!ensure_thread()) return false;
    swift_task_enqueueGlobalWithDelay_hook = (void *)enqueue_global_with_delay;
    swift_task_enqueueGlobalWithDeadline_hook = (void *)enqueue_global_with_deadline;
    swift_task_enqueueGlobal_hook = (void *)enqueue_global;
    return true;
}

uint64_t tempest_executor_schedule(uint64_t delay_ns, tempest_executor_callback callback, void *context) {
    if (!ensure_thread()) return 0;
    return add_timer(delay_ns, (Work){.callback = callback, .context = context});
}

bool tempest_executor_cancel(uint64_t timer, void **context) {
    bool found = false;
    pthread_mutex_lock(&lock);
    for (size_t index = 0; index < timer_count; index++) {
        if (timers[index].id != timer) continue;
        Timer removed = remove_timer(index);
        if (context != NULL) *context = removed.work.context;
        found = true;
        break;
    }
    pthread_mutex_unlock(&lock);
    return found;
}
