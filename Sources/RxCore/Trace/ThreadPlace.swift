#if TRACE_RESOURCES
import CRxTraceThread

/// This thread's place as one word in a C thread-local (`CRxTraceThread`): its index in
/// `ThreadRegistry` + 1 in the high half and the label id of the scheduler whose work it runs in
/// the low half (`HopPlaceCode`). The registry reads the thread index from it on every
/// registration and the hop recording the whole place on every event at every stage, so it is
/// one inlined thread-local load (a `pthread_getspecific` call with its key's load was about 15
/// instructions, once per stage and event). A new thread's word is 0 until its first read, which
/// registers the thread.
enum ThreadPlace {
    @inline(__always)
    static var current: UInt64 {
        let place = rxtrace_thread_place()
        return place != 0 ? place : ThreadRegistry.registerCurrentThread()
    }

    /// Marks this thread as running the work of the scheduler with label id `scheduler`
    /// (`SchedulerMark.run`, which puts `previous` back afterwards).
    @inline(__always)
    static func mark(scheduler: UInt32, from previous: UInt64) {
        rxtrace_thread_set_place(previous & ~0xFFFF_FFFF | UInt64(scheduler))
    }

    /// Puts back a place read with `current` (the end of a scheduler's work).
    @inline(__always)
    static func restore(_ place: UInt64) {
        rxtrace_thread_set_place(place)
    }

    /// Called once per thread by `ThreadRegistry` when it gives the thread its index.
    static func start(threadIndex: UInt32) -> UInt64 {
        let place = HopPlaceCode.make(thread: threadIndex, scheduler: 0)
        rxtrace_thread_set_place(place)
        return place
    }
}
#endif
