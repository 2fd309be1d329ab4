import Foundation
import RxCore

/// Flattens a sequence of sequences (windows, groups) into strings "i e", where `i` is the
/// index of the inner sequence and `e` its element, subscribing to each inner sequence as soon
/// as it is emitted. It completes when the outer and every inner sequence completed, and fails
/// with the first error. A stand-in for `enumerated().map { … }.merge()` that keeps these tests
/// independent of the merge operator; only for single-threaded (virtual time) use.
func flattenIndexed<Inner: ObservableConvertibleType>(_ outer: Observable<Inner>) -> Observable<String> {
    Observable.create { observer in
        let subscriptions = CompositeDisposable()
        var active = 1
        var nextIndex = 0
        func innerOrOuterCompleted() {
            active -= 1
            if active == 0 { observer.onCompleted() }
        }
        let outerSubscription = outer.subscribe(
            onNext: { inner in
                let index = nextIndex
                nextIndex += 1
                active += 1
                let innerSubscription = inner.asObservable().subscribe(
                    onNext: { observer.onNext("\(index) \($0)") },
                    onError: { observer.onError($0) },
                    onCompleted: { innerOrOuterCompleted() }
                )
                _ = subscriptions.insert(innerSubscription)
            },
            onError: { observer.onError($0) },
            onCompleted: { innerOrOuterCompleted() }
        )
        _ = subscriptions.insert(outerSubscription)
        return subscriptions
    }
}
