#include "CRxTraceThread.h"

// The definition behind the header's accessors (one per process: a `static` in the header would
// give every object file that inlines an accessor its own copy).
_Thread_local struct rxtrace_thread_words rxtrace_thread_words_storage = {0, 0, 0};
