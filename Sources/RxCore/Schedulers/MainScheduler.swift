import Dispatch
import Foundation

/// Runs work on the main queue. Work scheduled from the main queue's work (whichever thread
/// serves it: see `MainQueue`) while nothing is queued runs at once; otherwise it is queued on
/// `DispatchQueue.main`.
///
/// On Linux, the main queue only runs while something services it: a command-line program
/// calls `RunLoop.main.run(until:)` after setting up its subscriptions (or is an async `main`,
/// whose main queue libdispatch serves). XCTest's main thread does not service it between
/// assertions, so tests should use virtual time or `toBlocking()`, which runs the run loop while
/// it waits.
public final class MainScheduler: SerialDispatchQueueScheduler {
    private let mainQueue: DispatchQueue
    let numberEnqueued = AtomicInt(0)

    public init() {
        mainQueue = DispatchQueue.main
        super.init(serialQueue: mainQueue, leeway: .nanoseconds(0), labelless: ())
    }

    public override var schedulerLabel: String { "MainScheduler" }

    /// The singleton main-queue scheduler.
    public static let instance = MainScheduler()

    /// Always dispatches asynchronously to the main queue, even from the main thread.
    public static let asyncInstance = MainAsyncScheduler()

    /// Fails in debug builds unless called as the main queue's work (RxSwift's check).
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !MainQueue.isCurrent {
            #if TRACE_RESOURCES
            ThreadHops.recordOffMainThread(api: "MainScheduler.ensureExecutingOnScheduler()")
            #endif
            rxFatalErrorInDebug(
                errorMessage
                    ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on main thread."
            )
        }
    }

    /// Fails in debug builds unless called on the main queue (whichever thread serves it) or on
    /// the main thread. RxSwift checks the thread on Apple platforms and nothing on Linux; this
    /// stops only code that is on neither, a background queue or thread (docs/main-scheduler.md).
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        if !MainQueue.isCurrentOrMainThread {
            #if TRACE_RESOURCES
            ThreadHops.recordOffMainThread(api: "MainScheduler.ensureRunningOnMainThread()")
            #endif
            rxFatalErrorInDebug(errorMessage ?? "Running on background thread.")
        }
    }

    override func scheduleInternal<StateType>(
        _ state: StateType,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let previousNumberEnqueued = numberEnqueued.increment()
        if MainQueue.isCurrent && previousNumberEnqueued == 0 {
            #if TRACE_RESOURCES
            let disposable = configuration.mark.run { action(state) }
            #else
            let disposable = action(state)
            #endif
            numberEnqueued.decrement()
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        #if TRACE_RESOURCES
        let token = PendingWorkToken(configuration.mark)
        #endif
        mainQueue.async {
            #if TRACE_RESOURCES
            defer { token.finish() }
            #endif
            if !cancel.isDisposed {
                #if TRACE_RESOURCES
                cancel.setDisposable(self.configuration.mark.run { action(state) })
                #else
                cancel.setDisposable(action(state))
                #endif
            }
            self.numberEnqueued.decrement()
        }
        return cancel
    }
}

/// `MainScheduler.asyncInstance`: a serial scheduler on the main queue that never runs inline.
public final class MainAsyncScheduler: SerialDispatchQueueScheduler {
    init() {
        super.init(serialQueue: DispatchQueue.main, leeway: .nanoseconds(0), labelless: ())
    }

    public override var schedulerLabel: String { "MainScheduler.asyncInstance" }
}

/// Runs work on the main queue; work scheduled from the main queue's work runs at once. Time-based
/// work is delegated to `MainScheduler`.
public final class ConcurrentMainScheduler: SchedulerType, SchedulerLabeled {
    public typealias TimeInterval = Foundation.TimeInterval
    public typealias Time = Date

    private let mainScheduler: MainScheduler
    private let mainQueue = DispatchQueue.main
    #if TRACE_RESOURCES
    private let mark = SchedulerMark()
    #endif

    public var now: Date { mainScheduler.now }
    public var schedulerLabel: String { "ConcurrentMainScheduler" }

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
        #if TRACE_RESOURCES
        mark.name(schedulerLabel, isSerial: true)
        #endif
    }

    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if MainQueue.isCurrent {
            #if TRACE_RESOURCES
            return mark.run { action(state) }
            #else
            return action(state)
            #endif
        }
        let cancel = SingleAssignmentDisposable()
        #if TRACE_RESOURCES
        let token = PendingWorkToken(mark)
        #endif
        mainQueue.async {
            #if TRACE_RESOURCES
            defer { token.finish() }
            #endif
            if cancel.isDisposed { return }
            #if TRACE_RESOURCES
            cancel.setDisposable(self.mark.run { action(state) })
            #else
            cancel.setDisposable(action(state))
            #endif
        }
        return cancel
    }

    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
