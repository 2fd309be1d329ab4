import Foundation
import RxCore
import RxTraceAnalysis
import RxTraceReport

/// A virtual-time scheduler for scenarios, like RxTest's TestScheduler but measured in seconds:
/// nothing runs until the scenario advances the clock, then everything due runs at once, in
/// order, on the calling thread.
public final class VirtualClock: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    public let name: String

    public init(name: String) {
        self.name = name
        super.init(initialClock: Date(timeIntervalSince1970: 0), converter: HistoricalSchedulerTimeConverter())
    }

    public override var schedulerLabel: String { "VirtualClock(\(name))" }

    /// Seconds elapsed on this clock since it was created.
    public var elapsed: TimeInterval { clock.timeIntervalSince1970 }

    /// Moves the clock forward by `seconds`, running everything due meanwhile.
    public func advance(by seconds: TimeInterval) {
        advanceTo(clock.addingTimeInterval(seconds))
    }
}
