import Dispatch
import Foundation

/// Runs work on a serial dispatch queue. Work scheduled from the queue itself is still
/// dispatched asynchronously (RxSwift's semantics), so `observe(on:)` always hops.
public class SerialDispatchQueueScheduler: SchedulerType, SchedulerLabeled {
    public typealias TimeInterval = Foundation.TimeInterval
    public typealias Time = Date

    public var now: Date { Date() }

    let configuration: DispatchQueueConfiguration

    /// The queue's label, shown in reports.
    public var schedulerLabel: String { "SerialDispatchQueueScheduler(\(configuration.queue.label))" }

    init(
        serialQueue: DispatchQueue,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0),
        labelless: Void
    ) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
        #if TRACE_RESOURCES
        configuration.mark.name(schedulerLabel, isSerial: true)
        #endif
    }

    /// Wraps an existing serial queue.
    public convenience init(
        serialQueue: DispatchQueue,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        self.init(serialQueue: serialQueue, leeway: leeway, labelless: ())
    }

    /// Creates a new serial queue named `internalSerialQueueName`.
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Creates a new serial queue that targets `queue`.
    public convenience init(
        queue: DispatchQueue,
        internalSerialQueueName: String,
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
        self.init(serialQueue: serialQueue, leeway: leeway)
    }

    /// Creates a new serial queue on a global queue of the given quality of service.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass),
            internalSerialQueueName: internalSerialQueueName,
            leeway: leeway
        )
    }

    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
    {
        scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    public final func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
