/// Emulates a periodic timer on any scheduler by rescheduling itself each period. Ticks that
/// pile up while an action is still running are dispatched in order without being lost.
final class SchedulePeriodicRecursive<State> {
    typealias RecursiveAction = (State) -> State

    private enum Command { case tick, dispatchStart }

    private let scheduler: SchedulerType
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: RecursiveAction
    private var state: State
    private let pendingTickCount = AtomicInt(0)

    init(
        scheduler: SchedulerType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping RecursiveAction,
        state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    func start() -> Disposable {
        scheduler.scheduleRecursive(Command.tick, dueTime: startAfter, action: tick)
    }

    private func tick(_ command: Command, scheduler: AnyRecursiveScheduler<Command>) {
        switch command {
        case .tick:
            scheduler.schedule(.tick, dueTime: period)
            // Only the first pending tick starts a dispatch; later ones are counted.
            if pendingTickCount.increment() == 0 {
                tick(.dispatchStart, scheduler: scheduler)
            }
        case .dispatchStart:
            state = action(state)
            if pendingTickCount.decrement() > 1 {
                scheduler.schedule(.dispatchStart)
            }
        }
    }
}
