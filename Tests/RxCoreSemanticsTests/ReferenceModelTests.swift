import RxCoreSemantics
import XCTest

/// The reference model against marble cases whose results RxSwift's own test suite asserts
/// (the facts of those cases, restated here): the behaviours the model adopts from RxSwift
/// rather than from the general contract.
final class ReferenceModelTests: XCTestCase {
    private func source(_ index: Int) -> Chain { .node(.source(index), []) }

    private func hot(_ events: TimedEvent...) -> Marble { Marble(isHot: true, events: events) }

    private func run(_ chain: Chain, _ sources: Marble...) throws -> Outcome {
        let program = Program(chain: chain, sources: sources, subscribeTime: 200, disposeTime: 1000)
        return try XCTUnwrap(ReferenceModel.run(program), "the program's timing should be unambiguous")
    }

    // RxSwift testZip_LeftCompletesFirst: zip completes when both sources have, not when the
    // first one completes with nothing queued.
    func testZipCompletesWhenEverySourceHas() throws {
        let outcome = try run(
            .node(.zip, [source(0), source(1)]),
            hot(TimedEvent(210, .next(2)), TimedEvent(220, .completed)),
            hot(TimedEvent(215, .next(4)), TimedEvent(225, .completed))
        )
        XCTAssertEqual(outcome.events, [TimedEvent(215, .next(24)), TimedEvent(225, .completed)])
        XCTAssertEqual(
            outcome.subscriptions,
            [[.init(subscribe: 200, unsubscribe: 220)], [.init(subscribe: 200, unsubscribe: 225)]]
        )
    }

    // As in RxSwift's test_ThrottleTimeSpan_Completed (its times moved so no timer and source
    // event share a tick): the completion waits for the pending latest element, while the
    // source's own subscription ends at its completion.
    func testThrottleLatestHoldsTheCompletionForThePendingElement() throws {
        let outcome = try run(
            .node(.throttle(200, latest: true), [source(0)]),
            hot(
                TimedEvent(210, .next(2)),
                TimedEvent(250, .next(3)),
                TimedEvent(350, .next(5)),
                TimedEvent(450, .next(7)),
                TimedEvent(500, .completed)
            )
        )
        XCTAssertEqual(
            outcome.events,
            [
                TimedEvent(210, .next(2)), TimedEvent(410, .next(5)), TimedEvent(610, .next(7)),
                TimedEvent(610, .completed),
            ]
        )
        XCTAssertEqual(outcome.subscriptions, [[.init(subscribe: 200, unsubscribe: 500)]])
    }

    // RxSwift testSample_Sampler_Simple2: the source's completion is emitted at the sampler's
    // next event, with the last unsampled element first.
    func testSampleCompletesAtTheSamplerAfterTheSourceCompleted() throws {
        let outcome = try run(
            .node(.sample, [source(0), source(1)]),
            hot(
                TimedEvent(220, .next(2)),
                TimedEvent(240, .next(3)),
                TimedEvent(290, .next(4)),
                TimedEvent(300, .next(5)),
                TimedEvent(310, .next(6)),
                TimedEvent(360, .next(7)),
                TimedEvent(400, .completed)
            ),
            hot(
                TimedEvent(210, .next(0)),
                TimedEvent(250, .next(0)),
                TimedEvent(260, .next(0)),
                TimedEvent(320, .next(0)),
                TimedEvent(500, .completed)
            )
        )
        XCTAssertEqual(
            outcome.events,
            [
                TimedEvent(250, .next(3)), TimedEvent(320, .next(6)), TimedEvent(500, .next(7)),
                TimedEvent(500, .completed),
            ]
        )
        XCTAssertEqual(
            outcome.subscriptions,
            [[.init(subscribe: 200, unsubscribe: 400)], [.init(subscribe: 200, unsubscribe: 500)]]
        )
    }

    // RxSwift testDelay_TimeSpan_Error1: elements are delayed, an error is not.
    func testDelayPassesAnErrorAtOnce() throws {
        let outcome = try run(
            .node(.delay(50), [source(0)]),
            hot(
                TimedEvent(250, .next(2)),
                TimedEvent(350, .next(3)),
                TimedEvent(450, .next(4)),
                TimedEvent(550, .error(1))
            )
        )
        XCTAssertEqual(
            outcome.events,
            [
                TimedEvent(300, .next(2)), TimedEvent(400, .next(3)), TimedEvent(500, .next(4)),
                TimedEvent(550, .error(1)),
            ]
        )
        XCTAssertEqual(outcome.subscriptions, [[.init(subscribe: 200, unsubscribe: 550)]])
    }

    // As RxSwift's testMap_SelectorThrows and testFilter_SelectorThrows assert: the closure's
    // error replaces the element at its tick and ends the source's subscription there.
    func testAThrowingClosureEndsTheSequenceAtTheElement() throws {
        for op in [Operator.mapThrowing(add: 1, throwsFor: 3), .filterThrowing(dropMultiplesOf: 2, throwsFor: 3)] {
            let outcome = try run(
                .node(op, [source(0)]),
                hot(TimedEvent(210, .next(1)), TimedEvent(230, .next(3)), TimedEvent(240, .next(5)))
            )
            let first: SemanticEvent = op == .mapThrowing(add: 1, throwsFor: 3) ? .next(2) : .next(1)
            XCTAssertEqual(
                outcome.events,
                [TimedEvent(210, first), TimedEvent(230, .error(ErrorCode.thrown))],
                op.name
            )
            XCTAssertEqual(outcome.subscriptions, [[.init(subscribe: 200, unsubscribe: 230)]], op.name)
        }
    }

    // RxSwift's take(0) is Observable.empty(): it completes without subscribing to its source.
    func testTakeZeroNeverSubscribes() throws {
        let outcome = try run(.node(.take(0), [source(0)]), hot(TimedEvent(300, .next(1))))
        XCTAssertEqual(outcome.events, [TimedEvent(200, .completed)])
        XCTAssertEqual(outcome.subscriptions, [[]])
    }

    // The contract alone: take(n) unsubscribes from its source at the n-th element.
    func testTakeUnsubscribesAtItsLastElement() throws {
        let outcome = try run(
            .node(.take(1), [source(0)]),
            hot(TimedEvent(300, .next(1)), TimedEvent(400, .next(2)))
        )
        XCTAssertEqual(outcome.events, [TimedEvent(300, .next(1)), TimedEvent(300, .completed)])
        XCTAssertEqual(outcome.subscriptions, [[.init(subscribe: 200, unsubscribe: 300)]])
    }

    // Two sources' events at one tick have no order any contract fixes: the model refuses the
    // program rather than guess.
    func testEventsOfTwoSourcesAtOneTickAreAmbiguous() {
        let program = Program(
            chain: .node(.merge, [source(0), source(1)]),
            sources: [hot(TimedEvent(300, .next(1))), hot(TimedEvent(300, .next(2)))],
            subscribeTime: 200,
            disposeTime: 1000
        )
        XCTAssertNil(ReferenceModel.run(program))
    }
}
