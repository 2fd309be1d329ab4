import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

final class InfallibleCombiningTests: RxTestCase {
    func testWithUnretainedAndWithLatestFrom() {
        final class Owner { let name = "o" }
        let owner = Owner()
        XCTAssertEqual(
            recordedEvents { _ in Infallible.of(1, 2).withUnretained(owner).map { "\($0.0.name)\($0.1)" }.asObservable()
            },
            [.next(200, "o1"), .next(200, "o2"), .completed(200)]
        )

        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0)
                .withLatestFrom(ys.asInfallible(onErrorJustReturn: "")) { "\($0)\($1)" }
                .asObservable()
        }
        XCTAssertEqual(res.events, [.next(230, "2a"), .completed(250)])
    }

    func testCombineLatestAndZip() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(260)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(250)])
        let combined = scheduler.start {
            Infallible.combineLatest(a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: 0)) {
                $0 + $1
            }
            .asObservable()
        }
        XCTAssertEqual(combined.events, [.next(220, 11), .next(230, 13), .next(240, 23), .completed(260)])

        let tuples = recordedEvents { _ in
            Infallible.combineLatest(Infallible.just(1), Infallible.just("a")).map { "\($0.0)\($0.1)" }.asObservable()
        }
        XCTAssertEqual(tuples, [.next(200, "1a"), .completed(200)])

        let zipped = recordedEvents { _ in
            Infallible.zip(Infallible.of(1, 2), Infallible.of(10, 20, 30)) { $0 + $1 }.asObservable()
        }
        XCTAssertEqual(zipped, [.next(200, 11), .next(200, 22), .completed(200)])

        let collection = recordedEvents { _ in
            Infallible.combineLatest([Infallible.just(1), Infallible.just(2)]).asObservable()
        }
        XCTAssertEqual(collection, [.next(200, [1, 2]), .completed(200)])
    }
}
