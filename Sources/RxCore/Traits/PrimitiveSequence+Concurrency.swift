// async/await bridges for the traits. Cancelling the awaiting task disposes the subscription,
// and a subscription that ends without an event (disposed by cancellation) resumes the awaiting
// task with `CancellationError`, as RxSwift 6.6 does.

/// Resumes a continuation exactly once, whichever of the trait's event and its disposal (possibly
/// on another thread, through task cancellation) comes first.
private final class ResumeOnce<Value>: @unchecked Sendable {
    private let resumed = AtomicInt(0)
    private let continuation: CheckedContinuation<Value, Swift.Error>

    init(_ continuation: CheckedContinuation<Value, Swift.Error>) {
        self.continuation = continuation
    }

    func resume(returning value: Value) {
        if resumed.fetchOr(1) == 0 { continuation.resume(returning: value) }
    }

    func resume(throwing error: Swift.Error) {
        if resumed.fetchOr(1) == 0 { continuation.resume(throwing: error) }
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Awaits the element of this `Single`, or throws its error.
    public var value: Element {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler(
                operation: {
                    try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<Element, Swift.Error>) in
                        let once = ResumeOnce(continuation)
                        disposable.setDisposable(
                            subscribe(
                                onSuccess: { once.resume(returning: $0) },
                                onFailure: { once.resume(throwing: $0) },
                                onDisposed: { once.resume(throwing: CancellationError()) }
                            )
                        )
                    }
                },
                onCancel: { disposable.dispose() }
            )
        }
    }

    /// A `Single` of the result of the `async` closure `work` (RxSwift 6.8+). Each subscription
    /// runs `work` in a new task of `priority`: a detached task when `detached` is true (it then
    /// inherits neither the subscriber's task-local values nor its priority), an unstructured
    /// `Task` otherwise. A returned value is the `success`, a thrown error the `failure`.
    /// Disposing the subscription cancels the task; whatever `work` returns or throws after that
    /// reaches nobody.
    ///
    ///     let single = Single.create { try await loadProfile() }   // Single<Profile>
    @_disfavoredOverload  // As RxSwift: `Single.create { observer in … }` keeps meaning create(subscribe:).
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        singleOfTask(priority: priority, detached: detached, work)
    }

    /// RxCore addition, not RxSwift API: RxSwift 6.10 spells this
    /// `Single.create(detached:priority:work:)`, which is also here and does the same.
    @available(*, deprecated, message: "RxCore-only spelling; use RxSwift's Single.create(detached:priority:work:)")
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @escaping () async throws -> Element
    ) -> Single<Element> {
        singleOfTask(priority: priority, detached: detached, block)
    }

    private static func singleOfTask(
        priority: TaskPriority?,
        detached: Bool,
        _ work: @escaping () async throws -> Element
    ) -> Single<Element> {
        .create { observer in
            disposableTask(priority: priority, detached: detached) {
                do {
                    observer(.success(try await work()))
                } catch {
                    observer(.failure(error))
                }
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Awaits the element of this `Maybe`, `nil` when it completes empty, or throws its error.
    public var value: Element? {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler(
                operation: {
                    try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<Element?, Swift.Error>) in
                        let once = ResumeOnce(continuation)
                        disposable.setDisposable(
                            subscribe(
                                onSuccess: { once.resume(returning: $0) },
                                onError: { once.resume(throwing: $0) },
                                onCompleted: { once.resume(returning: nil) },
                                onDisposed: { once.resume(throwing: CancellationError()) }
                            )
                        )
                    }
                },
                onCancel: { disposable.dispose() }
            )
        }
    }

    /// A `Maybe` of the result of `block`, run in a new task (of `priority`, detached if asked)
    /// on subscription; a `nil` block completes empty. Disposing cancels the task.
    /// RxCore addition: RxSwift 6.10 has no async factory for `Maybe`.
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: (() async throws -> Element)?
    ) -> Maybe<Element> {
        .create { observer in
            disposableTask(priority: priority, detached: detached) {
                guard let block else {
                    observer(.completed)
                    return
                }
                do {
                    observer(.success(try await block()))
                } catch {
                    observer(.error(error))
                }
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Awaits the completion of this `Completable`, or throws its error.
    public var value: Void {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler(
                operation: {
                    try await withCheckedThrowingContinuation {
                        (continuation: CheckedContinuation<Void, Swift.Error>) in
                        let once = ResumeOnce(continuation)
                        disposable.setDisposable(
                            subscribe(
                                onCompleted: { once.resume(returning: ()) },
                                onError: { once.resume(throwing: $0) },
                                onDisposed: { once.resume(throwing: CancellationError()) }
                            )
                        )
                    }
                },
                onCancel: { disposable.dispose() }
            )
        }
    }

    /// A `Completable` that runs `block` in a new task (of `priority`, detached if asked) on
    /// subscription and completes when it returns. Disposing cancels the task.
    /// RxCore addition: RxSwift 6.10 has no async factory for `Completable`.
    public static func from(
        priority: TaskPriority? = nil,
        detached: Bool = false,
        _ block: @escaping () async throws -> Void
    ) -> Completable {
        .create { observer in
            disposableTask(priority: priority, detached: detached) {
                do {
                    try await block()
                    observer(.completed)
                } catch {
                    observer(.error(error))
                }
            }
        }
    }
}
