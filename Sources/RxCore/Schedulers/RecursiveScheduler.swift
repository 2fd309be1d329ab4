import Foundation

private enum ScheduleState {
    case initial
    case added(CompositeDisposable.DisposeKey)
    case done

    /// Records a step's disposable in `group` unless the step already ran. Called with the
    /// scheduler's lock held: the step may run on another thread and sets `.done` under that lock.
    mutating func register(_ disposable: Disposable, in group: CompositeDisposable) {
        switch self {
        case .added: rxFatalError("Invalid state")
        case .initial:
            if let removeKey = group.insert(disposable) {
                self = .added(removeKey)
            } else {
                self = .done
            }
        case .done: break
        }
    }
}

/// Runs a recursive action on an immediate scheduler; every pending step is in `group`, so one
/// dispose stops the recursion.
final class RecursiveImmediateScheduler<State> {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let lock = SpinLock()
    private let group = CompositeDisposable()
    private var action: Action?
    private let scheduler: ImmediateSchedulerType

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        self.action = action
        self.scheduler = scheduler
    }

    func schedule(_ state: State) {
        var scheduleState: ScheduleState = .initial
        let disposable = scheduler.schedule(state) { state -> Disposable in
            if self.group.isDisposed { return Disposables.create() }
            let action: Action? = self.lock.performLocked {
                if case .added(let removeKey) = scheduleState {
                    self.group.remove(for: removeKey)
                }
                scheduleState = .done
                return self.action
            }
            action?(state, self.schedule)
            return Disposables.create()
        }
        lock.performLocked { scheduleState.register(disposable, in: group) }
    }

    func dispose() {
        lock.performLocked { action = nil }
        group.dispose()
    }
}

/// The recursive scheduler handed to time-based recursive actions (timers, retries with delay).
final class AnyRecursiveScheduler<State> {
    typealias Action = (State, AnyRecursiveScheduler<State>) -> Void

    private let lock = RecursiveLock()
    private let group = CompositeDisposable()
    private var scheduler: SchedulerType
    private var action: Action?

    init(scheduler: SchedulerType, action: @escaping Action) {
        self.action = action
        self.scheduler = scheduler
    }

    /// Schedules the action again after `dueTime`.
    func schedule(_ state: State, dueTime: RxTimeInterval) {
        var scheduleState: ScheduleState = .initial
        let disposable = scheduler.scheduleRelative(state, dueTime: dueTime) { state -> Disposable in
            if self.group.isDisposed { return Disposables.create() }
            let action: Action? = self.lock.performLocked {
                if case .added(let removeKey) = scheduleState {
                    self.group.remove(for: removeKey)
                }
                scheduleState = .done
                return self.action
            }
            action?(state, self)
            return Disposables.create()
        }
        lock.performLocked { scheduleState.register(disposable, in: group) }
    }

    /// Schedules the action again as soon as possible.
    func schedule(_ state: State) {
        var scheduleState: ScheduleState = .initial
        let disposable = scheduler.schedule(state) { state -> Disposable in
            if self.group.isDisposed { return Disposables.create() }
            let action: Action? = self.lock.performLocked {
                if case .added(let removeKey) = scheduleState {
                    self.group.remove(for: removeKey)
                }
                scheduleState = .done
                return self.action
            }
            action?(state, self)
            return Disposables.create()
        }
        lock.performLocked { scheduleState.register(disposable, in: group) }
    }

    func dispose() {
        lock.performLocked { action = nil }
        group.dispose()
    }
}
