/// Starts `operation` in a new task (a detached one, or one that inherits the caller's
/// task-local values and priority) and returns a disposable that cancels it. The async bridges
/// that turn `async` work into a sequence (`AsyncSequence.asObservable(priority:)`,
/// `Single.create(detached:priority:work:)`, the RxCore `from` additions) run one such task per
/// subscription, so disposing the subscription is what cancels the work.
func disposableTask(
    priority: TaskPriority?,
    detached: Bool,
    _ operation: @escaping @Sendable () async -> Void
) -> Disposable {
    let task =
        detached
        ? Task.detached(priority: priority, operation: operation)
        : Task(priority: priority, operation: operation)
    return Disposables.create { task.cancel() }
}
