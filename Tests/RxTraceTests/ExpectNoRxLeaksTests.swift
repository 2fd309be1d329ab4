#if TRACE_RESOURCES && canImport(Testing)
import RxCore
import RxTrace
import RxTraceTesting
import Testing

/// The Swift Testing form of the leak check. Serialized: the registry is process-wide, so a
/// test running alongside would count as a leak of the other.
@Suite(.serialized) struct ExpectNoRxLeaksTests {
    @Test func aBaggedSubscriptionPassesTheCheck() {
        let subject = BehaviorSubject(value: 0)
        expectNoRxLeaks(passes: 3) {
            let bag = DisposeBag()
            subject.map { $0 + 1 }.subscribe().disposed(by: bag)
            subject.onNext(1)
        }
    }

    @Test func aForgottenSubscriptionIsReportedWithItsCallSite() {
        let subject = PublishSubject<Int>()
        let result = RxLeakCheck.run(passes: 3) { _ = subject.filter { $0 > 0 }.subscribe() }
        subject.dispose()
        guard case .leaked(let report) = result else {
            Issue.record("expected a leak, got \(result)")
            return
        }
        #expect(report.contains("ExpectNoRxLeaksTests.swift"))
        #expect(report.contains("still alive per pass: 1, 1, 1"))
    }
}
#endif
