#if TRACE_RESOURCES
import Synchronization
import CRxTraceThread

/// What the thread-hop recording keeps per thread besides its place (`ThreadPlace`: thread index
/// and scheduler label): the stages being subscribed on it, the subscriber whose handler runs,
/// and a cache of the stages its subscriptions interned.
///
/// One block per thread, reached through one thread-local load, touched only by its own
/// thread. It is plain memory behind a pointer rather than a class, because a class's stored
/// properties pay Swift's dynamic exclusivity checks on every access, which cost more than the
/// recording itself.
struct HopThreadState {
    /// Stages deeper than this in one thread's nested `Producer.run` calls are not pushed (their
    /// private-observer sinks then start chains of their own).
    static let stackCapacity = 256
    /// Cache of interned stages per thread: 128 sets of two. (Direct-mapped, two stages of one
    /// chain sharing a slot evicted each other on every subscription, about one chain in three
    /// of `map-filter-x6.create`, each time paying the stage table's lock and dictionary.)
    static let cacheSize = 256
    /// Per-thread marks of places known to be marked in the stage table: 256 by stage id.
    static let marksSize = 256

    struct CachedStage {
        var downstream: UInt32 = 0
        var producerStack: UInt32 = 0
        var type: UInt = 0
        var stage: UInt32 = 0
        /// The last subscription place this thread marked as seen for the stage, and the
        /// stage table's count generation then (a reset forgets it).
        var subscribedPlace: UInt64 = 0
        var generation: UInt32 = 0
    }

    /// A place this thread marked (or saw marked) as seen in the stage table for a stage's
    /// frequent kind of event (`delivered` for sinks, `received` for observers), in the table's
    /// count generation (`HopStageTable.generation`): a new sink of that stage subscribed at that
    /// place needs not mark it again at its first event.
    struct FrequentMark {
        var stage: UInt32 = 0
        var generation: UInt32 = 0
        var place: UInt64 = 0
    }

    /// The subscriber stage whose handler runs on this thread now (0 when none), so that checks
    /// made inside a handler (a `Binder`, `ensureRunningOnMainThread()`) name its call site.
    var deliveringStage: UInt32 = 0
    /// A subscriber just created on this thread, not yet linked: the next sink subscribed
    /// outside any operator's `run` delivers to it.
    var pendingSubscriber: UInt32 = 0
    /// `stackCount` when the pending subscriber was created.
    var pendingSubscriberDepth: Int = 0
    /// The allocation stack of the producer whose `run` is active on this thread.
    var runningProducerStack: UInt32 = 0
    /// That producer's type (its name is resolved only in snapshots).
    var runningProducerType: AnyObject.Type?
    /// How many `Producer.run` calls are active on this thread.
    var runDepth: Int = 0
    /// Stages created by the `Producer.run` calls active on this thread, innermost last.
    var stackCount: Int = 0
    let stack: UnsafeMutablePointer<UInt32>
    let cache: UnsafeMutablePointer<CachedStage>
    let marks: UnsafeMutablePointer<FrequentMark>

    private init() {
        stack = .allocate(capacity: Self.stackCapacity)
        cache = .allocate(capacity: Self.cacheSize)
        cache.initialize(repeating: CachedStage(), count: Self.cacheSize)
        marks = .allocate(capacity: Self.marksSize)
        marks.initialize(repeating: FrequentMark(), count: Self.marksSize)
    }

    @inline(__always)
    func mark(of stage: UInt32) -> UnsafeMutablePointer<FrequentMark> {
        marks + Int(stage % UInt32(Self.marksSize))
    }

    private static let key = Atomic<UInt32>(ThreadLocalBlock.noKey)

    @inline(__always)
    static var current: UnsafeMutablePointer<HopThreadState> {
        ThreadLocalBlock.current(
            cached: rxtrace_thread_hop_state(),
            key: key,
            release: { pointer in
                rxtrace_thread_set_hop_state(nil)
                ThreadLocalBlock.free(pointer, as: HopThreadState.self) { state in
                    state.pointee.stack.deallocate()
                    state.pointee.cache.deallocate()
                    state.pointee.marks.deallocate()
                }
            },
            cache: { rxtrace_thread_set_hop_state($0) },
            make: { HopThreadState() }
        )
    }

    /// This thread and its scheduler as one word (never 0): the thread's `ThreadPlace`, read
    /// without this block (hop recording reads it once per stage and event).
    @inline(__always)
    var place: UInt64 { ThreadPlace.current }

    /// The label id of the scheduler whose work this thread runs (0: none).
    @inline(__always)
    var scheduler: UInt32 { HopPlaceCode.scheduler(ThreadPlace.current) }

    @inline(__always)
    static var currentPlace: UInt64 { ThreadPlace.current }

    /// The innermost stage being subscribed on this thread, or 0.
    @inline(__always)
    var subscribingStage: UInt32 { stackCount > 0 && stackCount <= Self.stackCapacity ? stack[stackCount - 1] : 0 }

    @inline(__always)
    mutating func pushSubscribing(_ stage: UInt32) {
        if stackCount < Self.stackCapacity { stack[stackCount] = stage }
        stackCount += 1
    }
}

/// A place packed in a word: thread index + 1 in the high half, scheduler label id in the low.
enum HopPlaceCode {
    @inline(__always)
    static func make(thread: UInt32, scheduler: UInt32) -> UInt64 {
        (UInt64(thread) &+ 1) << 32 | UInt64(scheduler)
    }

    @inline(__always)
    static func thread(_ code: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: code >> 32) &- 1 }

    @inline(__always)
    static func scheduler(_ code: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: code) }
}
#endif
