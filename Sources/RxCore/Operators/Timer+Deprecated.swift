import Foundation

// The `TimeInterval` spellings RxSwift 6 still ships next to the `DispatchTimeInterval` ones.
// They convert to whole milliseconds, as RxSwift does.
extension ObservableType where Element: RxAbstractInteger {
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "interval(_:scheduler:)")
    public static func interval(_ period: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        interval(.milliseconds(Int(period * 1000.0)), scheduler: scheduler)
    }

    @available(
        *,
        deprecated,
        message: "Use DispatchTimeInterval overload instead.",
        renamed: "timer(_:period:scheduler:)"
    )
    public static func timer(
        _ dueTime: Foundation.TimeInterval,
        period: Foundation.TimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        timer(
            .milliseconds(Int(dueTime * 1000.0)),
            period: period.map { .milliseconds(Int($0 * 1000.0)) },
            scheduler: scheduler
        )
    }
}
