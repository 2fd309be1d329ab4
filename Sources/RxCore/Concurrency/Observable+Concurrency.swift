import Foundation

extension ObservableConvertibleType {
    /// The elements as an `AsyncThrowingStream`: `for try await value in observable.values`.
    /// The stream finishes on `completed`, throws on `error`, and ends the subscription when
    /// the consumer stops iterating or its task is cancelled.
    public var values: AsyncThrowingStream<Element, Error> {
        AsyncThrowingStream<Element, Error> { continuation in
            // The continuation keeps the first terminal call and ignores later ones, so the
            // disposal handler can always try to finish: it only takes effect when the
            // subscription was disposed without a terminal event, and then the stream ends as
            // cancelled. No shared flag is needed between the producer and the consumer side.
            let subscription = asObservable().subscribe(
                onNext: { value in
                    continuation.yield(value)
                },
                onError: { error in
                    continuation.finish(throwing: error)
                },
                onCompleted: {
                    continuation.finish()
                },
                onDisposed: {
                    continuation.finish(throwing: CancellationError())
                }
            )
            continuation.onTermination = { @Sendable termination in
                if case .cancelled = termination {
                    subscription.dispose()
                }
            }
        }
    }
}

extension AsyncSequence {
    /// An `Observable` of this sequence's elements. Each subscription starts a `Task` (a
    /// detached one when `detached` is true) that iterates the sequence; disposing the
    /// subscription cancels that task. A `CancellationError` from the sequence completes the
    /// observable, any other error is forwarded.
    public func asObservable(detached: Bool = false) -> Observable<Element> {
        Observable.create { observer in
            let iterate: @Sendable () async -> Void = {
                do {
                    for try await element in self {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch is CancellationError {
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            let task = detached ? Task.detached(operation: iterate) : Task(operation: iterate)
            return Disposables.create { task.cancel() }
        }
    }
}
