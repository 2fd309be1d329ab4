import Foundation
import RxCore
import RxCoreTesting
import XCTest

private struct TestError: Error, Equatable {}

/// Traits on real threads: results produced on background schedulers, awaited from tasks, and
/// cancellation racing the result. Run under ThreadSanitizer by `make tsan`.
final class TraitConcurrencyTests: RxTestCase {
    private let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)

    func testSingleValueProducedOnABackgroundScheduler() async throws {
        for index in 0..<50 {
            let value = try await Single.just(index).delay(.milliseconds(1), scheduler: background).value
            XCTAssertEqual(value, index)
        }
    }

    func testMaybeAndCompletableValuesFromBackgroundThreads() async throws {
        let maybe = try await Maybe<Int>.empty().subscribe(on: background).value
        XCTAssertNil(maybe)
        try await Completable.empty().observe(on: background).value
        do {
            try await Completable.error(TestError()).subscribe(on: background).value
            XCTFail("expected an error")
        } catch {
            XCTAssertTrue(error is TestError)
        }
    }

    func testCancellationRacingTheResultResumesExactlyOnce() async {
        for index in 0..<100 {
            let task = Task { try await Single.just(index).delay(.microseconds(50), scheduler: self.background).value }
            if index.isMultiple(of: 2) { task.cancel() }
            do {
                let value = try await task.value
                XCTAssertEqual(value, index)
            } catch {
                XCTAssertTrue(error is CancellationError)
            }
        }
    }

    func testAndThenAcrossSchedulers() {
        let done = expectation(description: "andThen delivered")
        var received: [Int] = []
        let lock = NSLock()
        let disposable = Completable.empty().subscribe(on: background)
            .andThen(Single.just(7).observe(on: background))
            .subscribe(onSuccess: { value in
                lock.lock()
                received.append(value)
                lock.unlock()
                done.fulfill()
            })
        wait(for: [done], timeout: 5)
        disposable.dispose()
        lock.lock()
        XCTAssertEqual(received, [7])
        lock.unlock()
    }

    func testInfallibleValuesFromABackgroundScheduler() async {
        var collected: [Int] = []
        for await value in Infallible.from([1, 2, 3], scheduler: background).values {
            collected.append(value)
        }
        XCTAssertEqual(collected, [1, 2, 3])
    }

    func testLeavingInfallibleValuesEarlyDisposesTheSource() async {
        var collected: [Int] = []
        for await value in Infallible<Int>.interval(.milliseconds(1), scheduler: background).values {
            collected.append(value)
            if collected.count == 3 { break }
        }
        XCTAssertEqual(collected, [0, 1, 2])
    }
}
