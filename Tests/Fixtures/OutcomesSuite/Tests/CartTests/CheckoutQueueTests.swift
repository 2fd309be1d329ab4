import Synchronization
import Testing

/// How many of this suite's tests are running at once.
private let running = Mutex(0)

/// Serialized: its tests run one after the other, so each one alone is running. Run in parallel,
/// the two overlap while they yield and see two running.
@Suite(.serialized) struct CheckoutQueueTests {
    @Test func firstInQueue() async {
        #expect(await runsAlone())
    }

    @Test func secondInQueue() async {
        #expect(await runsAlone())
    }

    private func runsAlone() async -> Bool {
        running.withLock { $0 += 1 }
        defer { running.withLock { $0 -= 1 } }
        var alone = true
        for _ in 0..<1000 {
            await Task.yield()
            alone = alone && running.withLock { $0 } == 1
        }
        return alone
    }
}
