#if TRACE_RESOURCES && arch(x86_64)
import CRxHeapGraph
@testable import RxTrace
@testable import RxTraceReport
@testable import RxTraceAnalysis
@testable import RxTraceRunner
import XCTest

/// While the allocation hook is installed the runtime raises its instrumentation flag for an
/// instant on every allocation, and a retain on another thread in that instant goes through the
/// runtime's retain adapter. The adapter masks the value before retaining it, so a value the
/// plain path skips (negative: a small string's discriminator word) used to become a garbage
/// address and crash the scenario (SIGSEGV in scenarios with URLSession threads, under load).
final class RetainAdapterGuardTests: XCTestCase {
    override func setUp() {
        super.setUp()
        AllocationTable.install()
    }

    override func tearDown() {
        AllocationTable.uninstall()
        super.tearDown()
    }

    func testANonPointerValueRetainedThroughTheAdapterIsLeftAlone() {
        // A 13-byte small string's second word: discriminator in the top byte, bytes 8-12 below.
        let smallStringWord = UnsafeMutableRawPointer(bitPattern: UInt(0xED00_006F_6C6C_6568))!
        let result = rxheap_retain_with_instrumentation_flag(smallStringWord)
        XCTAssertEqual(result, smallStringWord, "the adapter returns the value it was given")
    }

    func testAnObjectRetainedThroughTheAdapterIsRetainedOnce() {
        final class Probe {}
        let probe = Probe()
        let pointer = Unmanaged.passUnretained(probe).toOpaque()
        let before = swiftRetainCount(pointer)
        _ = rxheap_retain_with_instrumentation_flag(pointer)
        XCTAssertEqual(swiftRetainCount(pointer), before + 1)
        Unmanaged<Probe>.fromOpaque(pointer).release()
        XCTAssertEqual(swiftRetainCount(pointer), before)
    }

    private func swiftRetainCount(_ pointer: UnsafeMutableRawPointer) -> Int {
        typealias RetainCount = @convention(c) (UnsafeMutableRawPointer) -> Int
        let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_retainCount")!
        return unsafeBitCast(symbol, to: RetainCount.self)(pointer)
    }
}
#endif
