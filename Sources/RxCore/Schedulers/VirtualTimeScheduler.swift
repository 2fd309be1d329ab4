import Foundation

/// A scheduler whose clock only moves when its queue of work is run, so time-based code runs
/// deterministically and instantly.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, SchedulerLabeled,
    CustomDebugStringConvertible
{
    public typealias VirtualTime = Converter.VirtualTimeUnit
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private var running = false
    private var currentClock: VirtualTime
    private var schedulerQueue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
    private var converter: Converter
    private var nextId = 0
    #if TRACE_RESOURCES
    private let mark = SchedulerMark()
    #endif

    /// The current time.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// Whether `start()` is running the queue.
    public var isEnabled: Bool { running }

    /// The current virtual time.
    public var clock: VirtualTime { currentClock }

    open var schedulerLabel: String { "VirtualTimeScheduler" }

    public init(initialClock: VirtualTime, converter: Converter) {
        self.currentClock = initialClock
        self.converter = converter
        self.schedulerQueue = PriorityQueue(
            hasHigherPriority: { lhs, rhs in
                switch converter.compareVirtualTime(lhs.time, rhs.time) {
                case .lessThan: return true
                case .equal: return lhs.id < rhs.id
                case .greaterThan: return false
                }
            },
            isEqual: { $0 === $1 }
        )
        #if TRACE_RESOURCES
        mark.name(schedulerLabel, isSerial: true)
        #endif
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = now.addingDispatchInterval(dueTime)
        let absoluteTime = converter.convertToVirtualTime(time)
        let adjustedTime = adjustScheduledTime(absoluteTime)
        return scheduleAbsoluteVirtual(state, time: adjustedTime, action: action)
    }

    /// Schedules `action` after a virtual interval.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType,
        dueTime: VirtualTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.offsetVirtualTime(clock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` at an absolute virtual time.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType,
        time: VirtualTime,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let compositeDisposable = CompositeDisposable()
        let item = VirtualSchedulerItem(action: { action(state) }, time: time, id: nextId)
        nextId += 1
        schedulerQueue.enqueue(item)
        _ = compositeDisposable.insert(item)
        return compositeDisposable
    }

    /// Lets subclasses move work scheduled for "now" (TestScheduler adds one tick).
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs queued work in time order until the queue is empty or `stop()` is called.
    public func start() {
        if running { return }
        running = true
        repeat {
            guard let next = findNext() else { break }
            if converter.compareVirtualTime(next.time, clock).greaterThan {
                currentClock = next.time
            }
            #if TRACE_RESOURCES
            mark.run { next.invoke() }
            #else
            next.invoke()
            #endif
            schedulerQueue.remove(next)
        } while running
        running = false
    }

    func findNext() -> VirtualSchedulerItem<VirtualTime>? {
        while let front = schedulerQueue.peek() {
            if front.isDisposed {
                schedulerQueue.remove(front)
                continue
            }
            return front
        }
        return nil
    }

    /// Runs queued work up to and including `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        if running {
            fatalError("Scheduler is already running")
        }
        running = true
        repeat {
            guard let next = findNext() else { break }
            if converter.compareVirtualTime(next.time, virtualTime).greaterThan { break }
            if converter.compareVirtualTime(next.time, clock).greaterThan {
                currentClock = next.time
            }
            #if TRACE_RESOURCES
            mark.run { next.invoke() }
            #else
            next.invoke()
            #endif
            schedulerQueue.remove(next)
        } while running
        currentClock = virtualTime
        running = false
    }

    /// Moves the clock forward without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let sleepTo = converter.offsetVirtualTime(clock, offset: virtualInterval)
        if converter.compareVirtualTime(sleepTo, clock).lessThen {
            fatalError("Can't sleep to past.")
        }
        currentClock = sleepTo
    }

    /// Stops `start()` after the current item.
    public func stop() {
        running = false
    }

    public var debugDescription: String {
        "VirtualTimeScheduler(clock: \(clock), pending: \(schedulerQueue.count))"
    }
}

final class VirtualSchedulerItem<Time>: Disposable {
    typealias Action = () -> Disposable

    /// Set to nil by `dispose()`: a disposed item stays queued until its time comes (as in
    /// RxSwift), and what its action captures (a periodic sink, the subscription's state) must
    /// not live on with it until the clock gets there, or until never when it is not started.
    private var action: Action?
    let time: Time
    let id: Int
    private let disposable = SingleAssignmentDisposable()
    /// Who got to the action first: `invoke` (started) or `dispose` (released). Only the one that
    /// set its bit while the other's was clear touches `action`, so the two never race on it.
    private let claims = InlineAtomicInt(0)
    private static var started: Int { 1 }
    private static var released: Int { 2 }

    var isDisposed: Bool { disposable.isDisposed }

    init(action: @escaping Action, time: Time, id: Int) {
        self.action = action
        self.time = time
        self.id = id
    }

    func invoke() {
        guard claims.fetchOr(Self.started) & Self.released == 0, let action else { return }
        disposable.setDisposable(action())
    }

    func dispose() {
        disposable.dispose()
        if claims.fetchOr(Self.released) & Self.started == 0 { action = nil }
    }
}
