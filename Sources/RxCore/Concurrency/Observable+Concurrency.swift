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
    /// An `Observable` of this sequence's elements (RxSwift 6.10). Each subscription iterates
    /// the sequence in its own detached task of `priority`, so the iteration never runs on the
    /// subscriber's actor (the main thread, say) and inherits neither its task-local values nor
    /// its priority; events arrive on whatever thread the iteration resumes on, so use
    /// `observe(on:)` to choose where they are delivered. Disposing the subscription cancels the
    /// task. A `CancellationError` from the sequence completes the observable, any other error is
    /// forwarded.
    ///
    /// RxSwift 6.10 made the detached task the only behaviour (RxSwift issue 2553: subscribing
    /// from `@MainActor` code iterated on the main thread), so RxCore's earlier
    /// `asObservable(detached:)` is gone rather than kept beside it.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            disposableTask(priority: priority, detached: true) {
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
        }
    }
}
