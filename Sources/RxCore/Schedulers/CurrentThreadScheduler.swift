import Foundation

/// A FIFO of scheduled items, used by the trampoline.
final class ScheduledQueue {
    private var items: [ScheduledItemType] = []
    private var head = 0

    func enqueue(_ item: ScheduledItemType) { items.append(item) }

    func dequeue() -> ScheduledItemType? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return item
    }
}

private final class TrampolineMarker {}

/// The trampoline: work scheduled while the current thread is already running scheduled work is
/// queued and run after it, in order, instead of recursing. `Producer.subscribe` runs inside it,
/// so nested subscriptions are serialised.
public final class CurrentThreadScheduler: ImmediateSchedulerType, SchedulerLabeled {
    public static let instance = CurrentThreadScheduler()

    private static let runningMarker = ThreadLocalSlot<TrampolineMarker>()
    private static let queueSlot = ThreadLocalSlot<ScheduledQueue>()
    private static let marker = TrampolineMarker()

    public var schedulerLabel: String { "CurrentThreadScheduler" }

    #if TRACE_RESOURCES
    /// Trampolined work is marked as the trampoline's only when no other scheduler's work is
    /// running on the thread: inside a queue's block, the queue is the truer answer.
    private static let mark: SchedulerMark = {
        let mark = SchedulerMark()
        mark.name("CurrentThreadScheduler", isSerial: false)
        return mark
    }()

    @inline(__always)
    static func runMarked<Result>(_ work: () -> Result) -> Result {
        if HopThreadState.current.pointee.scheduler != 0 { return work() }
        return mark.run(work)
    }
    #endif

    /// True when this thread is not running the trampoline, so scheduled work runs at once.
    public static private(set) var isScheduleRequired: Bool {
        get { runningMarker.value == nil }
        set { runningMarker.value = newValue ? nil : marker }
    }

    /// Runs `body` at once as the trampoline's first item on this thread, then whatever it
    /// scheduled, in order. Only called when `isScheduleRequired`. The closure does not escape,
    /// so `Producer.subscribe` pays no allocation for entering the trampoline.
    @inline(__always)
    static func runTrampoline(_ body: () -> Disposable) -> Disposable {
        isScheduleRequired = false
        let disposable = body()
        defer {
            isScheduleRequired = true
            queueSlot.value = nil
        }
        guard let queue = queueSlot.value else { return disposable }
        while let next = queue.dequeue() {
            if next.isDisposed { continue }
            #if TRACE_RESOURCES
            runMarked { next.invoke() }
            #else
            next.invoke()
            #endif
        }
        return disposable
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if CurrentThreadScheduler.isScheduleRequired {
            #if TRACE_RESOURCES
            return CurrentThreadScheduler.runTrampoline { CurrentThreadScheduler.runMarked { action(state) } }
            #else
            return CurrentThreadScheduler.runTrampoline { action(state) }
            #endif
        }

        let queue: ScheduledQueue
        if let existing = CurrentThreadScheduler.queueSlot.value {
            queue = existing
        } else {
            queue = ScheduledQueue()
            CurrentThreadScheduler.queueSlot.value = queue
        }
        let item = ScheduledItem(action: action, state: state)
        queue.enqueue(item)
        return item
    }
}
