import RxCore

/// `take(n)` with the slip the semantics check must catch: every element and event is right,
/// but after the n-th element it completes without disposing its upstream subscription. Built
/// with `Observable.create`, outside RxCore, so RxCore carries no hook for the self-test.
enum SlippedTake {
    /// RxCore's `take` replaced by the slipped one, every other operator kept.
    static let substitute: RxCoreRun.Substitute = { op, source in
        guard case .take(let count) = op else { return nil }
        return make(source(), count: count)
    }

    static func make(_ upstream: Observable<Int>, count: Int) -> Observable<Int> {
        // RxCore's take(0) never subscribes: no upstream to slip on.
        guard count > 0 else { return Observable.empty() }
        return Observable.create { observer in
            var remaining = count
            // `create` disposes what its subscribe function returns once a terminal event is
            // sent; set just before the n-th element's completion, this makes that dispose skip
            // the upstream, which then stays subscribed for good: the slip.
            var completedByTake = false
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(
                upstream.subscribe { event in
                    guard remaining > 0 else { return }
                    switch event {
                    case .next(let element):
                        remaining -= 1
                        observer.onNext(element)
                        if remaining == 0 {
                            completedByTake = true
                            observer.onCompleted()
                        }
                    case .error, .completed:
                        remaining = 0
                        observer.on(event)
                    }
                }
            )
            return Disposables.create {
                if !completedByTake { subscription.dispose() }
            }
        }
    }
}
