#if TRACE_RESOURCES && os(Linux) && arch(x86_64)
import Dispatch
import Foundation
@testable import RxCore
import XCTest

/// Stacks captured by following frame records are the ones libunwind gives: every report's
/// call site and operator chain come from them, so a frame lost or added here is a wrong report.
final class FramePointerCaptureTests: XCTestCase {
    /// The walk's frames and libunwind's (both ways), from the frame after the first: the two
    /// captures are made from two lines of the same function, so only their first frames differ.
    private func captureBothWays(depth: Int) -> (walked: [UInt], stepped: [UInt], backtrace: [UInt], unwound: Bool) {
        let unwoundBefore = CaptureThreadState.current.pointee.libunwindCaptures
        let id = ResourceRegistry.captureStack(depth: depth)
        let unwound = CaptureThreadState.current.pointee.libunwindCaptures != unwoundBefore
        let walked = id == 0 ? [] : ResourceRegistry.addresses(of: StackID(rawValue: id))
        let reference = ResourceRegistry.libunwindStacks(depth: depth)
        return (
            Array(walked.dropFirst()), Array(reference.stepped.dropFirst()), Array(reference.backtrace.dropFirst()),
            unwound
        )
    }

    private func assertSameAsLibunwind(
        depth: Int,
        _ context: String,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        // Twice: the second capture reuses the outer frames remembered by the first, and asks
        // libunwind nothing.
        for attempt in 1...2 {
            let (walked, stepped, backtrace, unwound) = captureBothWays(depth: depth)
            if attempt == 2 {
                XCTAssertFalse(unwound, "\(context): the second capture used libunwind", file: file, line: line)
            }
            XCTAssertFalse(walked.isEmpty, "\(context) #\(attempt): nothing captured", file: file, line: line)
            XCTAssertEqual(walked, stepped, "\(context) #\(attempt): walk vs libunwind steps", file: file, line: line)
            XCTAssertEqual(walked, backtrace, "\(context) #\(attempt): walk vs unw_backtrace", file: file, line: line)
        }
    }

    func testTheMainThreadsWholeStackMatchesLibunwind() {
        assertSameAsLibunwind(depth: 256, "main thread, every frame")
        assertSameAsLibunwind(depth: 5, "main thread, 5 frames")
    }

    func testAStackThroughOperatorsMatchesLibunwind() {
        var checked = 0
        _ = Observable.just(1).map { $0 + 1 }.filter { _ in true }.flatMap { value in Observable.just(value) }
            .subscribe(onNext: { _ in
                self.assertSameAsLibunwind(depth: 256, "inside a map/filter/flatMap chain")
                self.assertSameAsLibunwind(depth: 32, "inside a map/filter/flatMap chain, default depth")
                checked += 1
            })
        XCTAssertEqual(checked, 1)
    }

    func testDispatchQueueAndThreadStacksMatchLibunwind() {
        let queue = DispatchQueue(label: "FramePointerCaptureTests.queue")
        queue.sync { assertSameAsLibunwind(depth: 256, "inside DispatchQueue.sync") }
        let done = expectation(description: "async")
        queue.async {
            self.assertSameAsLibunwind(depth: 256, "on a dispatch worker thread")
            done.fulfill()
        }
        let threadDone = expectation(description: "thread")
        let thread = Thread {
            self.assertSameAsLibunwind(depth: 256, "on a Foundation thread")
            threadDone.fulfill()
        }
        thread.start()
        wait(for: [done, threadDone], timeout: 10)
    }

    func testARegisteredResourceStartsAtItsInitializersCaller() {
        // The first frame of a resource's stack is the return into the code that created it, as
        // with libunwind: here a `PublishSubject()` made in this function.
        let savedMode = ResourceRegistry.captureMode
        let savedDepth = ResourceRegistry.captureDepth
        defer {
            ResourceRegistry.captureMode = savedMode
            ResourceRegistry.captureDepth = savedDepth
        }
        ResourceRegistry.captureMode = .on
        ResourceRegistry.captureDepth = 256
        let mark = ResourceRegistry.mark()
        let subject = PublishSubject<Int>()
        let reference = ResourceRegistry.libunwindStacks(depth: 256).stepped
        let entry = ResourceRegistry.liveSince(mark).first { $0.typeName == "PublishSubject<Int>" }
        let stack = entry?.stack.map(ResourceRegistry.addresses(of:)) ?? []
        XCTAssertFalse(stack.isEmpty)
        // Everything beyond this function's frame is shared with the reference capture.
        XCTAssertEqual(Array(stack.suffix(reference.count - 1)), Array(reference.dropFirst()))
        withExtendedLifetime(subject) {}
    }
}
#endif
