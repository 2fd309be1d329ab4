#if TRACE_RESOURCES
import RxCore

// A dependency's operator, as a user's package meets one: its debug information names a file in
// a SwiftPM checkout, where `rxtrace test` finds a remote dependency's sources. The lines below
// are the checkout's; the tests read them from `DependencyOperatorFixture.completingLine`.
enum DependencyOperatorFixture {
    static let file = "/App/.build/rxtrace-test/checkouts/RetryKit/Sources/RetryKit/Retry.swift"
    /// The line of `onNext` after `onCompleted` in `retryingOnce()`.
    static let completingLine = 14
    /// The line of the `subscribe` whose disposable `retryingInBackground()` drops.
    static let droppingLine = 21
}

#sourceLocation(file:"/App/.build/rxtrace-test/checkouts/RetryKit/Sources/RetryKit/Retry.swift",line:8)
extension ObservableType {
    /// Sends one element, completes, then sends another: anomaly 2.
    func retryingOnce() -> Observable<Int> {
        Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            return Disposables.create()
        }
    }

    /// Subscribes to the source and drops the disposable: the subscription leaks.
    func retryingInBackground() -> Observable<Element> {
        _ = subscribe(onNext: { _ in })
        return asObservable()
    }
}
#sourceLocation()
#endif
