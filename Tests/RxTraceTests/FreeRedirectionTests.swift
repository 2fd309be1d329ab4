#if TRACE_RESOURCES
import CRxHeapGraph
import Foundation
@testable import RxTraceAnalysis
import XCTest

/// The heap graph's table learns of frees without a `free` of its own: this test binary links
/// RxTraceAnalysis (and so the table), and `free` in it is still libc's; the first recording
/// redirects the loaded images' `free` imports, after which the table is exact.
final class FreeRedirectionTests: XCTestCase {
    func testThisBinaryDefinesNoFreeOfItsOwn() throws {
        // A sanitizer's runtime linked into the binary defines `free` (its interceptor) by design.
        try XCTSkipIf(HeapGraphGate.loadedSanitizer != nil, "\(HeapGraphGate.loadedSanitizer ?? "") defines free")
        let first = try XCTUnwrap(dlsym(nil, "free"))  // RTLD_DEFAULT: the first definition in load order
        let libc = try XCTUnwrap(dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD))
        defer { dlclose(libc) }
        XCTAssertEqual(
            first,
            try XCTUnwrap(dlsym(libc, "free")),
            "free is defined before libc's, by this binary or a library it links"
        )
    }

    func testFirstRecordingRedirectsFreesAndTheTableIsExact() throws {
        try XCTSkipUnless(HeapGraphGate.current.installsHooks, "the hooks are off on this runtime")
        let wasInstalled = AllocationTable.isInstalled
        AllocationTable.install()
        defer { if !wasInstalled { AllocationTable.uninstall() } }
        XCTAssertGreaterThan(rxheap_redirected_free_imports(), 0)
        XCTAssertTrue(AllocationTable.isExact)
    }
}
#endif
