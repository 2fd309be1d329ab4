import RxSwift

extension SharedSequence {
    /// The elements as an `AsyncStream` (`for await value in driver.values`). The stream ends
    /// when the sequence completes; cancelling the iterating task disposes the subscription.
    /// A shared sequence cannot fail, so there is no error to throw.
    @MainActor public var values: AsyncStream<Element> {
        AsyncStream { continuation in
            let subscription = asObservable().subscribe(
                onNext: { continuation.yield($0) },
                onCompleted: { continuation.finish() }
            )
            continuation.onTermination = { @Sendable termination in
                if case .cancelled = termination { subscription.dispose() }
            }
        }
    }
}
