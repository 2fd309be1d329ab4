import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

/// The deprecated trait spellings RxSwift 6 keeps still behave like their replacements.
@available(*, deprecated)
final class DeprecatedTraitTests: RxTestCase {
    func testTimeIntervalOverloads() {
        XCTAssertEqual(
            recordedEvents { Single.just(1).delaySubscription(10.0, scheduler: $0).asObservable() },
            [.next(210, 1), .completed(210)]
        )
        XCTAssertEqual(
            recordedEvents { Single<Int>.never().timeout(20.0, scheduler: $0).asObservable() },
            [.error(220, RxError.timeout)]
        )
        XCTAssertEqual(
            recordedEvents { Single<Int>.never().timeout(20.0, other: .just(3), scheduler: $0).asObservable() },
            [.next(220, 3), .completed(220)]
        )
        XCTAssertEqual(
            recordedEvents { Single<Int>.timer(30.0, scheduler: $0).asObservable() },
            [.next(230, 0), .completed(230)]
        )
        XCTAssertEqual(
            recordedEvents { Maybe.just(1).delay(10.0, scheduler: $0).asObservable() },
            [.next(210, 1), .completed(211)]
        )
    }

    func testRenamedOperators() {
        var log: [String] = []
        _ = Single.just(1).do(onNext: { log.append("next \($0)") }).subscribe()
        _ = Single<Int>.error(TestError()).catchError { _ in .just(2) }.subscribe(onSuccess: {
            log.append("caught \($0)")
        })
        _ = Single<Int>.error(TestError()).catchErrorJustReturn(3).subscribe(onSuccess: { log.append("returned \($0)") }
        )
        _ = Maybe<Int>.error(TestError()).catchErrorJustReturn(4).subscribe(onSuccess: { log.append("returned \($0)") })
        _ = Completable.merge(Completable.empty(), .empty()).subscribe(onCompleted: { log.append("merged") })
        _ = Completable.merge([Completable.empty()]).subscribe(onCompleted: { log.append("merged array") })
        _ = Single.just(5).observeOn(CurrentThreadScheduler.instance).subscribeOn(CurrentThreadScheduler.instance)
            .subscribe(onSuccess: { log.append("scheduled \($0)") })
        XCTAssertEqual(
            log,
            ["next 1", "caught 2", "returned 3", "returned 4", "merged", "merged array", "scheduled 5"]
        )
    }

    func testRetryWhenAlias() {
        var attempts = 0
        let single = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError()) : .just(attempts)
        }
        var value: Int?
        _ = single.retryWhen { (errors: Observable<Swift.Error>) in errors }.subscribe(onSuccess: { value = $0 })
        XCTAssertEqual(value, 3)
    }

    func testSingleFromIsTheRxCoreSpellingOfTheAsyncCreate() async throws {
        let value = try await Single<Int>.from { 5 }.value
        XCTAssertEqual(value, 5)
        let detached = try await Single<Int>.from(priority: .low, detached: true) { 6 }.value
        XCTAssertEqual(detached, 6)
        do {
            _ = try await Single<Int>.from { throw TestError() }.value
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is TestError)
        }
    }
}
