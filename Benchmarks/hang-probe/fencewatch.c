// fencewatch: LD_PRELOAD probe for the llvmpipe fence race behind issue 11's hang (a diagnostic, not product code;
// `make probe` runs every bundled script under it, in one process with two rasteriser threads, and fails if any fence
// is freed while a rasteriser thread broadcasts on it). Mesa 22.3 frees a finished scene's fence as soon as its
// counter reads done, without the fence's lock, possibly while the last thread is still in lp_fence_signal's
// cnd_broadcast; delaying that broadcast widens the window from nanoseconds to milliseconds.
// - pthread_cond_broadcast called on an "llvmpipe-N" thread: remember the cond, optionally sleep
//   FENCEWATCH_DELAY_US microseconds first (models the thread being preempted inside lp_fence_signal,
//   after count++ and before cnd_broadcast, both under fence->mutex), then broadcast.
// - free(p): if p's block contains a cond that an llvmpipe thread is broadcasting right now, report it
//   (with the freeing thread's stack): the fence is being freed under the broadcaster = use after free.
// - FENCEWATCH_POISON=1: after such a free, write the bytes "bmll" over the freed cond's lock word and
//   a non-zero waiter count before the broadcast resumes (what a reuse of the chunk would do).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

extern void __libc_free(void *);

#define SLOTS 16
static _Atomic(uintptr_t) inflight[SLOTS];   // cond being broadcast by llvmpipe-N, 0 if none
static _Atomic int freed_during[SLOTS];      // set by free() when that cond's block is freed
static atomic_long broadcasts, delayed, uaf;
static long delay_us;
static int poison;
static int (*real_broadcast)(pthread_cond_t *);
static __thread int in_hook;

__attribute__((constructor)) static void init(void) {
    const char *d = getenv("FENCEWATCH_DELAY_US");
    delay_us = d ? atol(d) : 0;
    poison = getenv("FENCEWATCH_POISON") != NULL;
    real_broadcast = (int (*)(pthread_cond_t *))dlsym(RTLD_NEXT, "pthread_cond_broadcast");
    void *warm[2];
    backtrace(warm, 2);  // loads libgcc_s now, not inside free()
}

__attribute__((destructor)) static void fini(void) {
    char line[200];
    int n = snprintf(line, sizeof line, "fencewatch: %ld llvmpipe broadcasts, %ld delayed, %ld freed during broadcast\n",
                     atomic_load(&broadcasts), atomic_load(&delayed), atomic_load(&uaf));
    write(2, line, n);
}

static int llvmpipe_slot(void) {
    char name[17] = {0};
    prctl(PR_GET_NAME, name);
    if (strncmp(name, "llvmpipe-", 9) != 0) return -1;
    return atoi(name + 9) % SLOTS;
}

int pthread_cond_broadcast(pthread_cond_t *cond) {
    int slot = llvmpipe_slot();
    if (slot < 0) return real_broadcast(cond);
    atomic_fetch_add(&broadcasts, 1);
    atomic_store(&freed_during[slot], 0);
    atomic_store(&inflight[slot], (uintptr_t)cond);
    if (delay_us > 0) {
        atomic_fetch_add(&delayed, 1);
        usleep(delay_us);
    }
    int was_freed = atomic_load(&freed_during[slot]);
    if (was_freed) {
        char line[160];
        int n = snprintf(line, sizeof line, "fencewatch: llvmpipe-%d resumes pthread_cond_broadcast(%p) on FREED memory\n",
                         slot, (void *)cond);
        write(2, line, n);
    }
    int result = real_broadcast(cond);
    atomic_store(&inflight[slot], 0);
    return result;
}

void free(void *p) {
    if (p && !in_hook) {
        in_hook = 1;
        size_t size = malloc_usable_size(p);
        for (int i = 0; i < SLOTS; i++) {
            uintptr_t c = atomic_load(&inflight[i]);
            if (c && c >= (uintptr_t)p && c < (uintptr_t)p + size) {
                atomic_fetch_add(&uaf, 1);
                atomic_store(&freed_during[i], 1);
                char name[17] = {0};
                prctl(PR_GET_NAME, name);
                char line[256];
                int n = snprintf(line, sizeof line,
                                 "fencewatch: thread '%s' frees block %p (%zu bytes) holding cond %p while llvmpipe-%d "
                                 "is inside pthread_cond_broadcast on it; freeing stack:\n",
                                 name, p, size, (void *)c, i);
                write(2, line, n);
                void *frames[40];
                int count = backtrace(frames, 40);
                backtrace_symbols_fd(frames, count, 2);
                for (int f = 0; f < count; f++) {  // module+offset for addr2line
                    Dl_info info;
                    if (dladdr(frames[f], &info) && info.dli_fname) {
                        n = snprintf(line, sizeof line, "  #%d %s+0x%lx\n", f, info.dli_fname,
                                     (unsigned long)((uintptr_t)frames[f] - (uintptr_t)info.dli_fbase));
                        write(2, line, n);
                    }
                }
                if (poison) {
                    __libc_free(p);
                    // glibc pthread_cond_t: __g1_orig_size (lock bits) at +32, __wrefs at +36.
                    uint32_t *words = (uint32_t *)c;
                    memcpy(&words[8], "bmll", 4);
                    words[9] = 0x6C6C6D62;
                    in_hook = 0;
                    return;
                }
            }
        }
        in_hook = 0;
    }
    __libc_free(p);
}
