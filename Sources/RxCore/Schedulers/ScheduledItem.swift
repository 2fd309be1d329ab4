/// One unit of scheduled work: runs its action once unless disposed first.
protocol ScheduledItemType: Cancelable {
    func invoke()
}

final class ScheduledItem<T>: ScheduledItemType {
    typealias Action = (T) -> Disposable

    private let action: Action
    private let state: T
    private let disposable = SingleAssignmentDisposable()

    var isDisposed: Bool { disposable.isDisposed }

    init(action: @escaping Action, state: T) {
        self.action = action
        self.state = state
        #if TRACE_RESOURCES
        Resources.track(self, kind: .scheduledItem)
        #endif
    }

    func invoke() {
        disposable.setDisposable(action(state))
    }

    func dispose() {
        disposable.dispose()
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}
