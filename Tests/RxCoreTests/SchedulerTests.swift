import Dispatch
import Foundation
import RxCore
import RxCoreTesting
import XCTest

final class CurrentThreadSchedulerTests: RxTestCase {
    func testRunsAtOnceOutsideTheTrampoline() {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            ran = true
            XCTAssertFalse(CurrentThreadScheduler.isScheduleRequired)
            return Disposables.create()
        }
        XCTAssertTrue(ran)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testNestedWorkIsQueuedInOrderAfterTheCurrentItem() {
        let scheduler = CurrentThreadScheduler.instance
        var log: [String] = []
        _ = scheduler.schedule(()) { _ in
            log.append("A start")
            _ = scheduler.schedule(()) { _ in
                log.append("B")
                _ = scheduler.schedule(()) { _ in
                    log.append("D")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                log.append("C")
                return Disposables.create()
            }
            log.append("A end")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["A start", "A end", "B", "C", "D"])
    }

    func testDisposingQueuedWorkCancelsIt() {
        let scheduler = CurrentThreadScheduler.instance
        var log: [String] = []
        _ = scheduler.schedule(()) { _ in
            let cancelled = scheduler.schedule(()) { _ in
                log.append("cancelled")
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                log.append("kept")
                return Disposables.create()
            }
            cancelled.dispose()
            return Disposables.create()
        }
        XCTAssertEqual(log, ["kept"])
    }

    func testTheTrampolineIsPerThread() {
        var otherThreadRanAtOnce = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            runOnBackgroundThread {
                XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
                var ran = false
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    ran = true
                    return Disposables.create()
                }
                otherThreadRanAtOnce = ran
            }
            return Disposables.create()
        }
        XCTAssertTrue(otherThreadRanAtOnce)
    }

    func testRecursiveSubscriptionsAreSerialised() {
        // `of` on the current-thread scheduler queues each step of its recursion, so a
        // subscription made inside a subscriber interleaves with the outer sequence instead of
        // running to completion inside the outer `onNext`.
        var log: [String] = []
        _ = Observable.of(1, 2).subscribe(onNext: { outer in
            log.append("outer \(outer)")
            if outer == 1 {
                _ = Observable.of(10, 20).subscribe(onNext: { log.append("inner \($0)") })
            }
        })
        XCTAssertEqual(log, ["outer 1", "inner 10", "outer 2", "inner 20"])
    }

    func testScheduleRecursive() {
        var visited: [Int] = []
        _ = CurrentThreadScheduler.instance.scheduleRecursive(3) { state, recurse in
            visited.append(state)
            if state > 0 { recurse(state - 1) }
        }
        XCTAssertEqual(visited, [3, 2, 1, 0])
    }
}

final class VirtualTimeSchedulerTests: RxTestCase {
    private func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    func testRunsWorkInTimeOrderAndMovesTheClock() {
        let scheduler = HistoricalScheduler()
        var log: [String] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            log.append("20 at \(scheduler.clock.timeIntervalSince1970)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            log.append("10 at \(scheduler.clock.timeIntervalSince1970)")
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            log.append("now at \(scheduler.now.timeIntervalSince1970)")
            return Disposables.create()
        }
        XCTAssertEqual(log, [])
        scheduler.start()
        XCTAssertEqual(log, ["now at 0.0", "10 at 10.0", "20 at 20.0"])
        XCTAssertEqual(scheduler.clock, date(20))
        XCTAssertFalse(scheduler.isEnabled)
    }

    func testSameTimeRunsInSchedulingOrder() {
        let scheduler = HistoricalScheduler(initialClock: date(100))
        var log: [Int] = []
        for index in 0..<5 {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
                log.append(index)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(log, [0, 1, 2, 3, 4])
    }

    func testDisposedWorkDoesNotRun() {
        let scheduler = HistoricalScheduler()
        var ran = false
        let disposable = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            ran = true
            return Disposables.create()
        }
        disposable.dispose()
        scheduler.start()
        XCTAssertFalse(ran)
    }

    /// Disposed work stays queued until its time, as in RxSwift, but what it captures does not:
    /// a dropped periodic subscription disposed by its owner's bag kept its sink alive in the
    /// test's TestScheduler, so rxtrace still reported it after the fix (issue 32's TickCounter).
    func testDisposedWorkReleasesWhatItCapturesBeforeItsTime() {
        final class Captured {}
        let scheduler = TestScheduler(initialClock: 0)
        weak var released: Captured?
        let disposable: Disposable = {
            let captured = Captured()
            released = captured
            return scheduler.scheduleRelative((), dueTime: .seconds(100)) { _ in
                _ = captured
                return Disposables.create()
            }
        }()
        XCTAssertNotNil(released, "queued work keeps what it captures until it runs")
        disposable.dispose()
        XCTAssertNil(released, "disposed work kept what it captures")
        XCTAssertEqual(scheduler.clock, 0)

        var ticks = 0
        let periodic = Observable<Int>.interval(.seconds(10), scheduler: scheduler)
            .subscribe(onNext: { _ in ticks += 1 })
        scheduler.advanceTo(35)
        periodic.dispose()
        scheduler.advanceTo(100)
        XCTAssertEqual(ticks, 3)
    }

    func testAdvanceToRunsDueWorkAndSetsTheClock() {
        let scheduler = HistoricalScheduler()
        var log: [Double] = []
        for seconds in [5, 10, 15] {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(seconds)) { _ in
                log.append(scheduler.clock.timeIntervalSince1970)
                return Disposables.create()
            }
        }
        scheduler.advanceTo(date(10))
        XCTAssertEqual(log, [5, 10])
        XCTAssertEqual(scheduler.clock, date(10))
        scheduler.advanceTo(date(12))
        XCTAssertEqual(log, [5, 10])
        XCTAssertEqual(scheduler.clock, date(12))
        scheduler.start()
        XCTAssertEqual(log, [5, 10, 15])
    }

    func testSleepMovesTheClockWithoutRunningWork() {
        let scheduler = HistoricalScheduler()
        var ranAt: [Double] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            ranAt.append(scheduler.clock.timeIntervalSince1970)
            return Disposables.create()
        }
        scheduler.sleep(20)
        XCTAssertEqual(scheduler.clock, date(20))
        XCTAssertEqual(ranAt, [])
        scheduler.start()
        XCTAssertEqual(ranAt, [20], "overdue work runs at the current time; the clock never goes back")
    }

    func testStopEndsStartAfterTheCurrentItem() {
        let scheduler = HistoricalScheduler()
        var log: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            log.append(1)
            XCTAssertTrue(scheduler.isEnabled)
            scheduler.stop()
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in
            log.append(2)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log, [1])
        XCTAssertFalse(scheduler.isEnabled)
        scheduler.start()
        XCTAssertEqual(log, [1, 2])
    }

    func testScheduleRelativeVirtualAndAbsoluteVirtual() {
        let scheduler = HistoricalScheduler(initialClock: date(50))
        var log: [Double] = []
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
            log.append(scheduler.clock.timeIntervalSince1970)
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: date(52)) { _ in
            log.append(scheduler.clock.timeIntervalSince1970)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log, [52, 55])
    }

    func testPeriodicOnVirtualTime() {
        let scheduler = HistoricalScheduler()
        var ticks: [Double] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { state in
            ticks.append(scheduler.clock.timeIntervalSince1970)
            return state + 1
        }
        scheduler.advanceTo(date(22))
        periodic.dispose()
        scheduler.start()
        XCTAssertEqual(ticks, [10, 15, 20])
    }

    func testWorkScheduledFromAnActionRunsInTheSameStart() {
        let scheduler = HistoricalScheduler()
        var times: [Double] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.append(scheduler.now.timeIntervalSince1970)
            _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.append(scheduler.now.timeIntervalSince1970)
                return Disposables.create()
            }
            return scheduler.schedule(()) { _ in
                times.append(scheduler.now.timeIntervalSince1970)
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(times, [10, 10, 30], "a historical scheduler runs work for now at now, without a tick of delay")
    }

    func testWorkDisposedByTheActionThatScheduledItNeverRuns() {
        let scheduler = HistoricalScheduler()
        var times: [Double] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.append(scheduler.now.timeIntervalSince1970)
            let later = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.append(scheduler.now.timeIntervalSince1970)
                return Disposables.create()
            }
            let now = scheduler.schedule(()) { _ in
                times.append(scheduler.now.timeIntervalSince1970)
                return Disposables.create()
            }
            now.dispose()
            later.dispose()
            return Disposables.create()
        }
        scheduler.advanceTo(date(200))
        XCTAssertEqual(times, [10])
    }

    func testSleepInsideAnActionShiftsLaterWork() {
        let scheduler = HistoricalScheduler()
        var times: [Double] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.append(scheduler.now.timeIntervalSince1970)
            scheduler.sleep(100)
            _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.append(scheduler.now.timeIntervalSince1970)
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.now.timeIntervalSince1970)
                return Disposables.create()
            }
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(times, [10, 110, 130])
    }

    func testManyItemsRunInTimeOrder() {
        let scheduler = HistoricalScheduler()
        var generator = SystemRandomNumberGenerator()
        var dueTimes: [Int] = []
        var ranAt: [Int] = []
        for _ in 0..<20_000 {
            let due = Int.random(in: 0..<10_000, using: &generator)
            dueTimes.append(due)
            _ = scheduler.scheduleRelative((), dueTime: .seconds(due)) { _ in
                ranAt.append(Int(scheduler.now.timeIntervalSince1970))
                return Disposables.create()
            }
        }
        scheduler.start()
        XCTAssertEqual(ranAt, dueTimes.sorted())
    }

    /// A virtual-time scheduler of one's own: ten seconds per tick of an `Int` clock.
    private final class TenSecondTicks: VirtualTimeScheduler<TenSecondTicks.Converter> {
        struct Converter: VirtualTimeConverterType {
            func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
                Date(timeIntervalSince1970: TimeInterval(virtualTime) * 10)
            }
            func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970 / 10) }
            func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
                TimeInterval(virtualTimeInterval) * 10
            }
            func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval / 10) }
            func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
            func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
                lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
            }
        }

        init(initialClock: Int = 0) {
            super.init(initialClock: initialClock, converter: Converter())
        }
    }

    func testCustomConverter() {
        let scheduler = TenSecondTicks(initialClock: 10)
        XCTAssertEqual(scheduler.now, date(100))
        XCTAssertEqual(scheduler.clock, 10)
        var ticks: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            ticks.append(scheduler.clock)
            scheduler.sleep(10)
            _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                ticks.append(scheduler.clock)
                return Disposables.create()
            }
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(ticks, [11, 23])
    }

    func testRecursiveSchedulingOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        var visited: [String] = []
        _ = scheduler.scheduleRecursive(3) { state, recurse in
            visited.append("\(state)@\(scheduler.clock)")
            if state > 0 { recurse(state - 1) }
        }
        scheduler.start()
        XCTAssertEqual(visited, ["3@1", "2@2", "1@3", "0@4"])
    }
}

/// The dispatch-queue, operation-queue and main-thread schedulers, with real threads.
final class DispatchSchedulerConcurrencyTests: RxTestCase {
    private let queueKey = DispatchSpecificKey<String>()

    private func makeSerialScheduler(_ name: String) -> SerialDispatchQueueScheduler {
        SerialDispatchQueueScheduler(
            internalSerialQueueName: name,
            serialQueueConfiguration: { queue in
                queue.setSpecific(key: self.queueKey, value: name)
            }
        )
    }

    func testSerialSchedulerRunsInOrderOnItsQueue() {
        let scheduler = makeSerialScheduler("serial.order")
        let log = LineLog()
        let done = expectation(description: "all ran")
        for index in 0..<100 {
            _ = scheduler.schedule(index) { index in
                log.append("\(index) \(DispatchQueue.getSpecific(key: self.queueKey) ?? "?")")
                if index == 99 { done.fulfill() }
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, (0..<100).map { "\($0) serial.order" })
    }

    func testSerialSchedulerRunsAsynchronouslyEvenFromItsQueue() {
        let scheduler = makeSerialScheduler("serial.async")
        let log = LineLog()
        let done = expectation(description: "ran")
        _ = scheduler.schedule(()) { _ in
            _ = scheduler.schedule(()) { _ in
                log.append("inner")
                done.fulfill()
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.lines, ["outer end", "inner"])
    }

    func testSerialSchedulerCancelledWorkDoesNotRun() {
        let queue = DispatchQueue(label: "serial.cancel")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let counter = LockedCounter()
        queue.suspend()
        let disposable = scheduler.schedule(()) { _ in
            counter.increment()
            return Disposables.create()
        }
        disposable.dispose()
        queue.resume()
        queue.sync {}
        XCTAssertEqual(counter.value, 0)
    }

    func testSerialSchedulerRelativeAndPeriodic() {
        let scheduler = makeSerialScheduler("serial.timers")
        let fired = expectation(description: "relative fired")
        let cancelledCounter = LockedCounter()
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            cancelledCounter.increment()
            return Disposables.create()
        }
        cancelled.dispose()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            XCTAssertEqual(DispatchQueue.getSpecific(key: self.queueKey), "serial.timers")
            fired.fulfill()
            return Disposables.create()
        }
        let ticks = expectation(description: "three ticks")
        ticks.assertForOverFulfill = false
        let states = LineLog()
        let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
            states.append("\(state)")
            if state == 2 { ticks.fulfill() }
            return state + 1
        }
        wait(for: [fired, ticks], timeout: 5)
        periodic.dispose()
        XCTAssertEqual(Array(states.lines.prefix(3)), ["0", "1", "2"])
        XCTAssertEqual(cancelledCounter.value, 0)
    }

    func testSerialSchedulerConvenienceInitializers() {
        let onGlobal = SerialDispatchQueueScheduler(qos: .utility, internalSerialQueueName: "serial.qos")
        let targeted = SerialDispatchQueueScheduler(
            queue: DispatchQueue.global(),
            internalSerialQueueName: "serial.target"
        )
        let done = expectation(description: "both ran")
        done.expectedFulfillmentCount = 2
        for scheduler in [onGlobal, targeted] {
            _ = scheduler.schedule(()) { _ in
                XCTAssertFalse(Thread.isMainThread)
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(onGlobal.schedulerLabel, "SerialDispatchQueueScheduler(serial.qos)")
        XCTAssertEqual(targeted.schedulerLabel, "SerialDispatchQueueScheduler(serial.target)")
    }

    func testConcurrentSchedulerRunsWorkInParallel() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let counter = LockedCounter()
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 50
        for _ in 0..<50 {
            _ = scheduler.schedule(()) { _ in
                XCTAssertFalse(Thread.isMainThread)
                counter.increment()
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(counter.value, 50)
    }

    func testConcurrentSchedulerOverlapsWork() {
        // Two items that each wait for the other can only both finish if they run at once.
        let scheduler = ConcurrentDispatchQueueScheduler(
            queue: DispatchQueue(label: "concurrent.overlap", attributes: .concurrent)
        )
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let done = expectation(description: "both finished")
        done.expectedFulfillmentCount = 2
        _ = scheduler.schedule(()) { _ in
            first.signal()
            XCTAssertEqual(second.wait(timeout: .now() + 5), .success)
            done.fulfill()
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            second.signal()
            XCTAssertEqual(first.wait(timeout: .now() + 5), .success)
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 10)
    }

    func testConcurrentSchedulerRelativeAndPeriodic() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let fired = expectation(description: "relative fired")
        _ = scheduler.scheduleRelative(7, dueTime: .milliseconds(5)) { value in
            XCTAssertEqual(value, 7)
            fired.fulfill()
            return Disposables.create()
        }
        let ticks = expectation(description: "ticks")
        ticks.assertForOverFulfill = false
        let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
            if state == 2 { ticks.fulfill() }
            return state + 1
        }
        wait(for: [fired, ticks], timeout: 5)
        periodic.dispose()
    }

    func testOperationQueueScheduler() {
        let operationQueue = OperationQueue()
        operationQueue.name = "operations"
        operationQueue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: operationQueue, queuePriority: .high)
        XCTAssertTrue(scheduler.operationQueue === operationQueue)
        XCTAssertEqual(scheduler.queuePriority, .high)
        XCTAssertEqual(scheduler.schedulerLabel, "OperationQueueScheduler(operations)")

        let log = LineLog()
        operationQueue.isSuspended = true
        let cancelled = scheduler.schedule(()) { _ in
            log.append("cancelled")
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            log.append("ran on \(OperationQueue.current?.name ?? "?")")
            return Disposables.create()
        }
        cancelled.dispose()
        operationQueue.isSuspended = false
        operationQueue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(log.lines, ["ran on operations"])
    }

    func testDefaultOperationQueuePriorityIsNormal() {
        XCTAssertEqual(OperationQueueScheduler(operationQueue: OperationQueue()).queuePriority, .normal)
    }
}

/// `MainScheduler` is driven by the main run loop, which services `DispatchQueue.main`.
final class MainSchedulerTests: RxTestCase {
    func testRunsInlineOnTheMainThreadWhenNothingIsQueued() {
        XCTAssertTrue(Thread.isMainThread)
        var ran = false
        _ = MainScheduler.instance.schedule(()) { _ in
            ran = true
            return Disposables.create()
        }
        XCTAssertTrue(ran)
    }

    func testWorkFromABackgroundThreadRunsOnMainWhenTheRunLoopRuns() {
        let log = LineLog()
        runOnBackgroundThread {
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("main: \(Thread.isMainThread)")
                MainScheduler.ensureExecutingOnScheduler()
                MainScheduler.ensureRunningOnMainThread()
                return Disposables.create()
            }
        }
        XCTAssertEqual(log.lines, [], "nothing runs until the main queue is serviced")
        XCTAssertTrue(runMainRunLoop(until: { !log.lines.isEmpty }))
        XCTAssertEqual(log.lines, ["main: true"])
    }

    func testWorkScheduledFromMainWhileItemsAreQueuedKeepsOrder() {
        let log = LineLog()
        runOnBackgroundThread {
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append("from background")
                return Disposables.create()
            }
        }
        _ = MainScheduler.instance.schedule(()) { _ in
            log.append("from main")
            return Disposables.create()
        }
        XCTAssertEqual(log.lines, [])
        runMainRunLoop(until: { log.lines.count == 2 })
        XCTAssertEqual(log.lines, ["from background", "from main"])
    }

    func testCancelledMainWorkDoesNotRun() {
        let log = LineLog()
        var disposable: Disposable?
        runOnBackgroundThread {
            disposable = MainScheduler.instance.schedule(()) { _ in
                log.append("cancelled")
                return Disposables.create()
            }
        }
        disposable?.dispose()
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            log.append("marker")
            return Disposables.create()
        }
        runMainRunLoop(until: { log.lines.contains("marker") })
        XCTAssertEqual(log.lines, ["marker"])
    }

    func testAsyncInstanceNeverRunsInline() {
        var ran = false
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            XCTAssertTrue(Thread.isMainThread)
            ran = true
            return Disposables.create()
        }
        XCTAssertFalse(ran)
        XCTAssertTrue(runMainRunLoop(until: { ran }))
    }

    func testRelativeWorkFiresOnMain() {
        var firedOnMain: Bool?
        _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            firedOnMain = Thread.isMainThread
            return Disposables.create()
        }
        XCTAssertTrue(runMainRunLoop(until: { firedOnMain != nil }))
        XCTAssertEqual(firedOnMain, true)
    }

    func testObserveOnMainFromBackground() {
        let background = SerialDispatchQueueScheduler(internalSerialQueueName: "main.test.background")
        var received: [String] = []
        var completed = false
        let subscription = Observable.of(1, 2, 3, scheduler: background)
            .observe(on: MainScheduler.instance)
            .subscribe(
                onNext: { received.append("\($0) main: \(Thread.isMainThread)") },
                onCompleted: { completed = true }
            )
        XCTAssertTrue(runMainRunLoop(until: { completed }))
        XCTAssertEqual(received, ["1 main: true", "2 main: true", "3 main: true"])
        subscription.dispose()
    }

    func testConcurrentMainScheduler() {
        var inline = false
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            inline = true
            return Disposables.create()
        }
        XCTAssertTrue(inline)
        let log = LineLog()
        runOnBackgroundThread {
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                log.append("main: \(Thread.isMainThread)")
                return Disposables.create()
            }
        }
        XCTAssertTrue(runMainRunLoop(until: { !log.lines.isEmpty }))
        XCTAssertEqual(log.lines, ["main: true"])
    }
}

final class SchedulerLabelTests: RxTestCase {
    private struct UnlabeledScheduler: ImmediateSchedulerType {
        func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
            action(state)
        }
    }

    func testEverySchedulerHasAReadableLabel() {
        XCTAssertEqual(CurrentThreadScheduler.instance.schedulerLabel, "CurrentThreadScheduler")
        XCTAssertEqual(MainScheduler.instance.schedulerLabel, "MainScheduler")
        XCTAssertEqual(MainScheduler.asyncInstance.schedulerLabel, "MainScheduler.asyncInstance")
        XCTAssertEqual(ConcurrentMainScheduler.instance.schedulerLabel, "ConcurrentMainScheduler")
        XCTAssertEqual(
            SerialDispatchQueueScheduler(internalSerialQueueName: "rx.serial").schedulerLabel,
            "SerialDispatchQueueScheduler(rx.serial)"
        )
        XCTAssertEqual(
            ConcurrentDispatchQueueScheduler(queue: DispatchQueue(label: "rx.concurrent", attributes: .concurrent))
                .schedulerLabel,
            "ConcurrentDispatchQueueScheduler(rx.concurrent)"
        )
        XCTAssertEqual(TestScheduler(initialClock: 0).schedulerLabel, "TestScheduler")
        XCTAssertEqual(HistoricalScheduler().schedulerLabel, "HistoricalScheduler")
    }

    func testLabelOfAnyScheduler() {
        XCTAssertEqual(schedulerLabel(of: MainScheduler.instance), "MainScheduler")
        XCTAssertEqual(schedulerLabel(of: UnlabeledScheduler()), "UnlabeledScheduler")
    }
}
