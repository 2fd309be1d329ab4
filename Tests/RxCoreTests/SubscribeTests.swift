import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class SubscribeTests: RxTestCase {
    func testEventHandler() {
        var events: [Event<Int>] = []
        _ = Observable.of(1, 2).subscribe { events.append($0) }
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
    }

    func testHandlersOnCompletion() {
        var log: [String] = []
        _ = Observable.of(1, 2).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["next 1", "next 2", "completed", "disposed"])
    }

    func testHandlersOnError() {
        var log: [String] = []
        _ = Observable<Int>.error(testError).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \(($0 as NSError).code)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["error -232", "disposed"])
    }

    func testOnDisposedRunsOnceOnDispose() {
        var disposed = 0
        let subscription = Observable<Int>.never().subscribe(onDisposed: { disposed += 1 })
        XCTAssertEqual(disposed, 0)
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(disposed, 1)
    }

    func testSubscribeWithObjectPassesTheObject() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Observable.of(1, 2).subscribe(
            with: owner,
            onNext: { owner, value in owner.log.append("next \(value)") },
            onError: { owner, _ in owner.log.append("error") },
            onCompleted: { owner in owner.log.append("completed") },
            onDisposed: { owner in owner.log.append("disposed") }
        )
        XCTAssertEqual(owner.log, ["next 1", "next 2", "completed", "disposed"])
        _ = Observable<Int>.error(testError).subscribe(with: owner, onError: { owner, _ in owner.log.append("error") })
        XCTAssertEqual(owner.log.last, "error")
    }

    func testSubscribeWithObjectHoldsItWeakly() {
        final class Owner { var received: [Int] = [] }
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak var weakOwner = owner
        var calls = 0
        let subscription = subject.subscribe(
            with: owner!,
            onNext: { owner, value in
                calls += 1
                owner.received.append(value)
            },
            onDisposed: { _ in calls += 100 }
        )
        subject.onNext(1)
        XCTAssertEqual(owner?.received, [1])
        owner = nil
        XCTAssertNil(weakOwner, "the subscription does not keep the object alive")
        subject.onNext(2)
        subscription.dispose()
        XCTAssertEqual(calls, 1, "no handler runs once the object is gone")
    }

    func testSubscribeObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let subscription = Observable.just(1).subscribe(observer)
        XCTAssertEqual(observer.events, [.next(0, 1), .completed(0)])
        subscription.dispose()
    }
}

final class HooksTests: RxTestCase {
    private var savedHandler: Hooks.DefaultErrorHandler!
    private var savedCapture: Hooks.CustomCaptureSubscriptionCallstack!
    private var savedRecord = false

    override func setUp() {
        super.setUp()
        savedHandler = Hooks.defaultErrorHandler
        savedCapture = Hooks.customCaptureSubscriptionCallstack
        savedRecord = Hooks.recordCallStackOnError
    }

    override func tearDown() {
        Hooks.defaultErrorHandler = savedHandler
        Hooks.customCaptureSubscriptionCallstack = savedCapture
        Hooks.recordCallStackOnError = savedRecord
        super.tearDown()
    }

    func testUnhandledErrorGoesToTheDefaultErrorHandler() {
        var handled: [(stack: [String], code: Int)] = []
        Hooks.defaultErrorHandler = { stack, error in handled.append((stack, (error as NSError).code)) }
        Hooks.recordCallStackOnError = false
        _ = Observable<Int>.error(testError).subscribe(onNext: { _ in })
        XCTAssertEqual(handled.map(\.code), [-232])
        XCTAssertEqual(handled.first?.stack, [])
    }

    func testHandledErrorDoesNotReachTheDefaultHandler() {
        var handled = 0
        Hooks.defaultErrorHandler = { _, _ in handled += 1 }
        _ = Observable<Int>.error(testError).subscribe(onError: { _ in })
        XCTAssertEqual(handled, 0)
    }

    func testRecordedCallStackIsPassedToTheHandler() {
        var stacks: [[String]] = []
        Hooks.defaultErrorHandler = { stack, _ in stacks.append(stack) }
        Hooks.customCaptureSubscriptionCallstack = { ["frame 1", "frame 2"] }
        Hooks.recordCallStackOnError = true
        _ = Observable<Int>.error(testError).subscribe()
        XCTAssertEqual(stacks, [["frame 1", "frame 2"]])
    }
}

final class BinderTests: RxTestCase {
    final class Label {
        var text = ""
        var history: [String] = []
    }

    func testBindsOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = Label()
        let binder = Binder(label, scheduler: scheduler) { label, text in
            label.text = text
            label.history.append("\(text)@\(scheduler.clock)")
        }
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(230)])
        var subscription: Disposable?
        scheduler.scheduleAt(200) { subscription = xs.bind(to: binder) }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()
        XCTAssertEqual(label.history, ["a@211", "b@221"])
        XCTAssertEqual(label.text, "b")
    }

    func testDefaultSchedulerIsMainAndRunsInlineOnMain() {
        let label = Label()
        let binder = Binder(label) { label, text in label.text = text }
        binder.onNext("now")
        XCTAssertEqual(label.text, "now")
        binder.on(.completed)
        XCTAssertEqual(label.text, "now")
    }

    func testHoldsItsTargetWeakly() {
        var label: Label? = Label()
        weak var weakLabel = label
        var calls = 0
        let binder = Binder(label!, scheduler: CurrentThreadScheduler.instance) { (_: Label, _: Int) in calls += 1 }
        binder.onNext(1)
        label = nil
        XCTAssertNil(weakLabel)
        binder.onNext(2)
        XCTAssertEqual(calls, 1)
    }

    func testAsObserver() {
        let label = Label()
        let observer = Binder(label, scheduler: CurrentThreadScheduler.instance) { label, text in label.text = text }
            .asObserver()
        _ = Observable.just("x").subscribe(observer)
        XCTAssertEqual(label.text, "x")
    }
}
