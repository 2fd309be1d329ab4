// The module RxTest code imports: `TestScheduler`, `Recorded`, `TestableObserver`,
// `XCTAssertEqual` for events and the rest of RxCoreTesting, which this re-exports.
@_exported import RxCoreTesting
