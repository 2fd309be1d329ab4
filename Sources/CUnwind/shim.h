// libunwind's local-only API: unw_backtrace captures raw return addresses of this thread.
#define UNW_LOCAL_ONLY
#include <libunwind.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
// Thread ids and a signal to one thread, for stack captures of every thread (a hang report).
// glibc declares gettid/tgkill only under _GNU_SOURCE, which Swift's Glibc module is not built with.
static inline int rxtrace_gettid(void) { return (int)syscall(SYS_gettid); }
static inline int rxtrace_tgkill(int process, int thread, int signal) { return (int)syscall(SYS_tgkill, process, thread, signal); }
#endif
