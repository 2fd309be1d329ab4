// async/await bridges for the traits. Cancelling the awaiting task disposes the subscription; the
// continuation is then never resumed by the trait, so cancellation must come with a terminal event
// from elsewhere (as in RxSwift, the awaiting task stays suspended until the sequence ends).

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Awaits the element of this `Single`, or throws its error.
    public var value: Element {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler(
                operation: {
                    try await withCheckedThrowingContinuation { continuation in
                        disposable.setDisposable(
                            subscribe(
                                onSuccess: { continuation.resume(returning: $0) },
                                onFailure: { continuation.resume(throwing: $0) }
                            )
                        )
                    }
                },
                onCancel: { disposable.dispose() }
            )
        }
    }

    /// A `Single` of the result of `block`, run in a new task on subscription; disposing cancels the task.
    public static func from(_ block: @escaping () async throws -> Element) -> Single<Element> {
        .create { observer in
            let task = Task {
                do {
                    observer(.success(try await block()))
                } catch {
                    observer(.failure(error))
                }
            }
            return Disposables.create { task.cancel() }
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
                    try await withCheckedThrowingContinuation { continuation in
                        disposable.setDisposable(
                            subscribe(
                                onSuccess: { continuation.resume(returning: $0) },
                                onError: { continuation.resume(throwing: $0) },
                                onCompleted: { continuation.resume(returning: nil) }
                            )
                        )
                    }
                },
                onCancel: { disposable.dispose() }
            )
        }
    }

    /// A `Maybe` of the result of `block`, run in a new task on subscription; a `nil` block
    /// completes empty. Disposing cancels the task.
    public static func from(_ block: (() async throws -> Element)?) -> Maybe<Element> {
        .create { observer in
            let task = Task {
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
            return Disposables.create { task.cancel() }
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
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Swift.Error>) in
                        disposable.setDisposable(
                            subscribe(
                                onCompleted: { continuation.resume() },
                                onError: { continuation.resume(throwing: $0) }
                            )
                        )
                    }
                },
                onCancel: { disposable.dispose() }
            )
        }
    }

    /// A `Completable` that runs `block` in a new task on subscription and completes when it
    /// returns. Disposing cancels the task.
    public static func from(_ block: @escaping () async throws -> Void) -> Completable {
        .create { observer in
            let task = Task {
                do {
                    try await block()
                    observer(.completed)
                } catch {
                    observer(.error(error))
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
