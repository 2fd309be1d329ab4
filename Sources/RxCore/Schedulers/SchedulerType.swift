import Foundation

/// Time intervals for schedulers, as in RxSwift 6.
public typealias RxTimeInterval = DispatchTimeInterval
/// Absolute time for schedulers.
public typealias RxTime = Date

/// A scheduler that runs work now, or as soon as it can.
public protocol ImmediateSchedulerType {
    /// Schedules `action` to run with `state`. The returned disposable cancels it if not started.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler that can also run work later, and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's notion of the current time.
    var now: RxTime { get }

    /// Schedules `action` to run after `dueTime`.
    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules `action` to run every `period`, first after `startAfter`, threading `state`.
    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling emulated by recursive relative scheduling, for schedulers without a
    /// native periodic timer (virtual time among them).
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let schedule = SchedulePeriodicRecursive(
            scheduler: self,
            startAfter: startAfter,
            period: period,
            action: action,
            state: state
        )
        return schedule.start()
    }

    func scheduleRecursive<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        action: @escaping (State, AnyRecursiveScheduler<State>) -> Void
    ) -> Disposable {
        let scheduler = AnyRecursiveScheduler(scheduler: self, action: action)
        scheduler.schedule(state, dueTime: dueTime)
        return Disposables.create(with: scheduler.dispose)
    }
}

extension ImmediateSchedulerType {
    /// Schedules `action`, which may schedule itself again through `recurse`. Disposing the
    /// result stops the recursion.
    public func scheduleRecursive<State>(
        _ state: State,
        action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> Disposable {
        let recursiveScheduler = RecursiveImmediateScheduler(action: action, scheduler: self)
        recursiveScheduler.schedule(state)
        return Disposables.create(with: recursiveScheduler.dispose)
    }
}

/// A human-readable name for a scheduler; reports print it for every stage of a chain.
public protocol SchedulerLabeled {
    var schedulerLabel: String { get }
}

/// The label of any scheduler: its own label when it has one, else its type name.
public func schedulerLabel(of scheduler: ImmediateSchedulerType) -> String {
    if let labeled = scheduler as? SchedulerLabeled { return labeled.schedulerLabel }
    return String(describing: type(of: scheduler))
}
