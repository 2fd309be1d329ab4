import Dispatch
import Foundation

/// Runs work on a concurrent dispatch queue. Operators that need serial delivery
/// (`observe(on:)`) serialise themselves when given one.
public class ConcurrentDispatchQueueScheduler: SchedulerType, SchedulerLabeled {
    public typealias TimeInterval = Foundation.TimeInterval
    public typealias Time = Date

    public var now: Date { Date() }

    let configuration: DispatchQueueConfiguration

    public var schedulerLabel: String { "ConcurrentDispatchQueueScheduler(\(configuration.queue.label))" }

    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
        #if TRACE_RESOURCES
        configuration.mark.name(schedulerLabel, isSerial: false)
        #endif
    }

    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = DispatchTimeInterval.nanoseconds(0)) {
        self.init(
            queue: DispatchQueue(
                label: "rxswift.queue.\(qos)",
                qos: qos,
                attributes: [DispatchQueue.Attributes.concurrent],
                target: nil
            ),
            leeway: leeway
        )
    }

    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
    {
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
