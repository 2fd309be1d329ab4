#if TRACE_RESOURCES
import Foundation
@testable import RxCore
import XCTest

final class ThreadAnomalyRecordingTests: RxTestCase {
    override func setUp() {
        super.setUp()
        ThreadHops.reset()
    }

    private var kinds: [ThreadAnomalyKind] { ThreadHops.anomalies().map(\.kind) }

    func testTwoThreadsInsideOneSubscriberAreAnOverlap() {
        nonisolated(unsafe) var observerOfCreate: AnyObserver<Int>?
        let firstInside = DispatchSemaphore(value: 0)
        let secondSent = DispatchSemaphore(value: 0)
        let subscription = Observable<Int>.create { observer in
            observerOfCreate = observer
            return Disposables.create()
        }
        .subscribe(onNext: { element in
            if element == 1 {
                firstInside.signal()
                secondSent.wait()
            }
        })
        _ = captureStandardOutput {
            let firstDone = DispatchSemaphore(value: 0)
            Thread {
                observerOfCreate?.onNext(1)
                firstDone.signal()
            }.start()
            firstInside.wait()
            observerOfCreate?.onNext(2)
            secondSent.signal()
            // The first thread leaves `on` (capturing its side) before it signals.
            firstDone.wait()
        }
        subscription.dispose()
        let anomalies = ThreadHops.anomalies()
        XCTAssertEqual(anomalies.map(\.kind), [.overlappingOn])
        XCTAssertNotEqual(anomalies.first?.place.threadIndex, anomalies.first?.otherPlace?.threadIndex)
        XCTAssertNotNil(anomalies.first?.stack)
        XCTAssertNotNil(anomalies.first?.otherStack, "the thread that was inside captures its side as it leaves")
    }

    func testSerialEventsFromTwoThreadsAreNotAnOverlap() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        runOnBackgroundThread { subject.onNext(1) }
        subject.onNext(2)
        subscription.dispose()
        XCTAssertEqual(kinds, [])
    }

    func testEventAfterCompletedInCreateIsReported() {
        var received: [Int] = []
        let output = captureStandardOutput {
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)
                return Disposables.create()
            }
            .subscribe(onNext: { received.append($0) })
        }
        XCTAssertEqual(received, [1])
        XCTAssertEqual(kinds, [.eventAfterTerminal])
        #if DEBUG
        XCTAssertTrue(output.contains { $0.contains("Event after terminal event") }, "\(output)")
        #endif
    }

    func testObserveOnSerialDisposedOnItsSchedulerDeliversNothingAndReportsNothing() {
        let green = NamedVirtualScheduler("green")
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var disposeReturned = false
        var receivedAfterDispose: [Int] = []
        let subscription = subject.observe(on: green).subscribe(onNext: {
            received.append($0)
            if disposeReturned { receivedAfterDispose.append($0) }
        })
        subject.onNext(1)
        _ = green.schedule(()) { _ in
            subscription.dispose()
            disposeReturned = true
            return Disposables.create()
        }
        subject.onNext(2)
        subject.onNext(3)
        green.start()
        XCTAssertEqual(received.first, 1)
        XCTAssertEqual(receivedAfterDispose, [])
        XCTAssertEqual(kinds, [])
    }

    /// RxCocoa's `Binder` may be fed from any thread: it runs its binding on its scheduler
    /// (RxSwift's BinderTests.testBindingOnNonMainQueueDispatchesToMainQueue checks just that).
    /// So a background feed is no anomaly, and the binding still runs on the main thread.
    func testBinderOnMainFedOffMainIsLegalAndBindsOnMain() {
        final class Label { var text = "" }
        let label = Label()
        nonisolated(unsafe) var boundOnMain: [Bool] = []
        let subject = PublishSubject<String>()
        let subscription = subject.bind(
            to: Binder(label) {
                boundOnMain.append(Thread.isMainThread)
                $0.text = $1
            }
        )
        runOnBackgroundThread { subject.onNext("off main") }
        XCTAssertTrue(runMainRunLoop(until: { label.text == "off main" }), "MainScheduler ran the binding")
        subscription.dispose()
        XCTAssertEqual(boundOnMain, [true])
        XCTAssertEqual(kinds, [])
    }

    func testRequireMainThreadReportsOffMainDeliveries() {
        let subject = PublishSubject<Int>()
        let subscription = subject.requireMainThread().subscribe(onNext: { _ in })
        subject.onNext(1)
        XCTAssertEqual(kinds, [])
        runOnBackgroundThread { subject.onNext(2) }
        subscription.dispose()
        XCTAssertEqual(kinds, [.offMainThread])
    }

    func testDisposingWhileTheSubscriberRunsOnAnotherThreadIsReported() {
        let subject = PublishSubject<Int>()
        let inside = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let subscription = subject.map { $0 }.subscribe(onNext: { _ in
            inside.signal()
            disposed.wait()
        })
        let finished = DispatchSemaphore(value: 0)
        Thread {
            subject.onNext(1)
            finished.signal()
        }.start()
        inside.wait()
        subscription.dispose()
        disposed.signal()
        finished.wait()
        XCTAssertEqual(kinds, [.disposedWhileDelivering])
    }

    func testDisposingOnTheDeliveringThreadIsNotReported() {
        let subject = PublishSubject<Int>()
        var subscription: Disposable?
        subscription = subject.map { $0 }.subscribe(onNext: { _ in subscription?.dispose() })
        subject.onNext(1)
        XCTAssertEqual(kinds, [])
    }
}
#endif
