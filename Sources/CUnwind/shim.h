// libunwind's local-only API: unw_backtrace captures raw return addresses of this thread.
#define UNW_LOCAL_ONLY
#include <libunwind.h>
