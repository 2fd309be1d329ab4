extension InfallibleType {
    /// The elements as an `AsyncStream`; ending the iteration disposes the subscription.
    public var values: AsyncStream<Element> {
        AsyncStream<Element> { continuation in
            let disposable = subscribe(
                onNext: { continuation.yield($0) },
                onCompleted: { continuation.finish() },
                onDisposed: { continuation.finish() }
            )
            continuation.onTermination = { @Sendable _ in
                disposable.dispose()
            }
        }
    }

    /// An `Infallible` of the result of `block`, run in a new task (of `priority`, detached if
    /// asked) on subscription; disposing cancels the task.
    /// RxCore addition: RxSwift 6.10 has no async factory for `Infallible`.
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @escaping () async -> Element
    ) -> Infallible<Element> {
        .create { observer in
            disposableTask(priority: priority, detached: detached) {
                let element = await block()
                observer(.next(element))
                observer(.completed)
            }
        }
    }
}
