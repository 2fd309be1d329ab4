import RxCoreSemantics
import XCTest

final class ShrinkerTests: XCTestCase {
    // A divergence that needs only take and one marble event shrinks to exactly those: the
    // other operators, the other events and the unused source go.
    func testShrinksToTheOperatorAndEventsTheDivergenceNeeds() {
        let program = Program(
            chain: .node(
                .map(add: 1),
                [.node(.take(2), [.node(.merge, [.node(.source(0), []), .node(.skip(1), [.node(.source(1), [])])])])]
            ),
            sources: [
                Marble(isHot: true, events: [TimedEvent(250, .next(1)), TimedEvent(300, .completed)]),
                Marble(isHot: true, events: [TimedEvent(260, .next(2)), TimedEvent(270, .next(3))]),
            ],
            subscribeTime: 200,
            disposeTime: 1000
        )
        let minimal = Shrinker.shrink(program) { candidate in
            candidate.chain.operators.contains(.take(2))
                && candidate.sources[0].events.contains(TimedEvent(250, .next(1)))
        }
        XCTAssertEqual(minimal.chain, .node(.take(2), [.node(.source(0), [])]))
        XCTAssertEqual(minimal.sources, [Marble(isHot: true, events: [TimedEvent(250, .next(1))])])
    }
}
