import Dispatch
import Foundation
import RxCore
import RxTraceAnalysis
import RxTraceReport

/// What a scenario body gets on each pass: named schedulers whose labels appear in reports,
/// ways to let time pass, and a place to declare objects that must be freed.
///
/// Schedulers and virtual clocks are created once per scenario run and handed out again on
/// later passes, so the first (warm-up) pass pays for their creation.
public final class ScenarioContext {
    /// The pass being run, starting at 1. Pass 1 is the warm-up; later passes are measured.
    public internal(set) var pass: Int = 1

    private var sharedObjects: [String: AnyObject] = [:]
    private var serialSchedulers: [String: SerialDispatchQueueScheduler] = [:]
    private var concurrentSchedulers: [String: ConcurrentDispatchQueueScheduler] = [:]
    private var clocks: [String: VirtualClock] = [:]
    private let lock = NSLock()
    var releaseExpectations: [ReleaseExpectation] = []
    var hopExpectations: [HopExpectation] = []

    public init() {}

    /// A serial dispatch-queue scheduler named `name` (its queue label), the same instance on
    /// every pass. Reports show it as `SerialDispatchQueueScheduler(<name>)`.
    public func serialScheduler(_ name: String) -> SerialDispatchQueueScheduler {
        lock.lock()
        defer { lock.unlock() }
        if let existing = serialSchedulers[name] { return existing }
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: name)
        serialSchedulers[name] = scheduler
        return scheduler
    }

    /// A concurrent dispatch-queue scheduler named `name`, the same instance on every pass.
    public func concurrentScheduler(_ name: String) -> ConcurrentDispatchQueueScheduler {
        lock.lock()
        defer { lock.unlock() }
        if let existing = concurrentSchedulers[name] { return existing }
        let queue = DispatchQueue(label: name, attributes: .concurrent)
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        concurrentSchedulers[name] = scheduler
        return scheduler
    }

    /// The main-thread scheduler. Scenarios run on the main thread, and `wait(seconds:)` and
    /// the drain between passes run the main run loop, so main-thread work is serviced.
    public var mainScheduler: MainScheduler { MainScheduler.instance }

    /// A virtual-time scheduler named `name`: its clock only moves through `advance(by:)`,
    /// so time-based chains run instantly and deterministically. Same instance on every pass.
    public func virtualClock(_ name: String = "virtual") -> VirtualClock {
        lock.lock()
        defer { lock.unlock() }
        if let existing = clocks[name] { return existing }
        let clock = VirtualClock(name: name)
        clocks[name] = clock
        return clock
    }

    /// Lets `seconds` of real time pass while servicing the main run loop, so work scheduled on
    /// `MainScheduler` and timers on dispatch queues run meanwhile.
    public func wait(seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        pumpMainRunLoop(until: deadline) { false }
    }

    /// Services the main run loop until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held.
    @discardableResult
    public func wait(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
        pumpMainRunLoop(until: Date().addingTimeInterval(timeout), condition)
    }

    /// Declares that `object` must be freed by the end of the run (a screen's view model, for
    /// example). Only a weak reference is kept. If it is still alive after the last pass has
    /// drained, the run reports it as a leak under `name`.
    public func expectReleased(_ object: AnyObject, name: String, file: String = #filePath, line: Int = #line) {
        lock.lock()
        defer { lock.unlock() }
        releaseExpectations.append(ReleaseExpectation(object: object, name: name, pass: pass, file: file, line: line))
    }

    /// Declares the hops one of the scenario's chains must run: where its events start, then
    /// where each `observe(on:)` delivers, by short name (the scenario's scheduler name, `main`
    /// for the main thread or `MainScheduler`, a thread's name otherwise; `red|green` for a
    /// stage seen on both). With `subscribedOn`, the chain's source must also have been
    /// subscribed there (where `subscribe(on:)` moved it). `check` fails the scenario when no
    /// chain ran the declared sequence. Declare it once (repeats on later passes are ignored).
    ///
    ///     context.expectHops(["main", "green", "red", "green"])
    public func expectHops(
        _ sequence: [String],
        subscribedOn: String? = nil,
        file: String = #filePath,
        line: Int = #line
    ) {
        lock.lock()
        defer { lock.unlock() }
        let expectation = HopExpectation(sequence: sequence, subscribedOn: subscribedOn, file: file, line: line)
        if !hopExpectations.contains(expectation) { hopExpectations.append(expectation) }
    }

    /// The object stored under `key` for this scenario run, made by `make` on first use: an
    /// app-wide service, a local server, a cache that every pass (screen visit) shares.
    public func shared<Object: AnyObject>(_ key: String, _ make: () throws -> Object) rethrows -> Object {
        lock.lock()
        if let existing = sharedObjects[key] as? Object {
            lock.unlock()
            return existing
        }
        lock.unlock()
        let object = try make()
        lock.lock()
        defer { lock.unlock() }
        sharedObjects[key] = object
        return object
    }

    /// Scheduler labels of the dispatch queues this context created, by queue label, so a
    /// retention reason can name the scheduler a timer runs on.
    var schedulerLabelsByQueueLabel: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        var labels: [String: String] = [:]
        for (name, scheduler) in serialSchedulers { labels[name] = scheduler.schedulerLabel }
        for (name, scheduler) in concurrentSchedulers { labels[name] = scheduler.schedulerLabel }
        labels[DispatchQueue.main.label] = MainScheduler.instance.schedulerLabel
        return labels
    }

    /// Drops everything the context holds for the run (called once, after the snapshot).
    func tearDown() {
        lock.lock()
        defer { lock.unlock() }
        sharedObjects.removeAll()
        clocks.removeAll()
    }
}

/// Runs the main run loop in short slices until `deadline` or until `condition` holds.
/// Off the main thread it just sleeps in short slices.
@discardableResult
func pumpMainRunLoop(until deadline: Date, _ condition: () -> Bool) -> Bool {
    while Date() < deadline {
        if condition() { return true }
        let slice = min(deadline, Date().addingTimeInterval(0.005))
        if Thread.isMainThread {
            RunLoop.main.run(until: slice)
        } else {
            Thread.sleep(until: slice)
        }
    }
    return condition()
}
