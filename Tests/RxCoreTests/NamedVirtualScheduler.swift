import Foundation
import RxCore

/// A virtual-time scheduler with a name of its own, so that two of them are two places in the
/// thread-hop recording (virtual time is serial: one item at a time, on the calling thread).
final class NamedVirtualScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    let name: String

    init(_ name: String) {
        self.name = name
        super.init(initialClock: Date(timeIntervalSince1970: 0), converter: HistoricalSchedulerTimeConverter())
    }

    override var schedulerLabel: String { "Virtual(\(name))" }
}
