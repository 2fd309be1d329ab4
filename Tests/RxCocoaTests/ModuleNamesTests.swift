import RxBlocking
import RxCocoa
import RxCore
import RxRelay
import RxSwift
import RxTest
import RxTrace
import XCTest

// RxSwift 6 code compiles unchanged: the RxSwift module names, module-qualified type names
// (which apps write to tell Rx from Combine), and a file that imports RxSwift and RxTrace.
final class ModuleNamesTests: RxCocoaTestCase {
    func testModuleQualifiedNamesNameRxCoreTypes() throws {
        let observable: RxSwift.Observable<Int> = RxCore.Observable<Int>.just(1)
        let relay: RxRelay.BehaviorRelay<Int> = RxCore.BehaviorRelay<Int>(value: 2)
        let driver: RxCocoa.Driver<String> = RxCocoa.Driver<String>.just("a")
        let signal: RxCocoa.Signal<String> = RxCocoa.Signal<String>.empty()
        let observer: RxSwift.AnyObserver<Int> = RxSwift.AnyObserver { _ in }
        let disposable: RxSwift.Disposable = RxSwift.Disposables.create()

        XCTAssertTrue(RxSwift.Observable<Int>.self == RxCore.Observable<Int>.self)
        XCTAssertTrue(RxRelay.PublishRelay<Int>.self == RxCore.PublishRelay<Int>.self)
        XCTAssertTrue(RxTest.TestScheduler.self == RxCoreTesting.TestScheduler.self)
        XCTAssertEqual(try observable.toBlocking().toArray(), [1])
        XCTAssertEqual(relay.value, 2)
        _ = (driver, signal, observer)
        disposable.dispose()
    }

    func testImportRxCocoaAloneBringsRxSwiftAndRxRelayNames() {
        XCTAssertTrue(RxCocoa.Observable<Int>.self == RxSwift.Observable<Int>.self)
        XCTAssertTrue(RxCocoa.BehaviorRelay<Int>.self == RxRelay.BehaviorRelay<Int>.self)
    }

    func testRxTraceAndRxSwiftInOneFile() {
        let scenario = Scenario("module-names", summary: "RxSwift and RxTrace names in one file") { _ in
            _ = RxSwift.Observable.just(1).subscribe()
        }
        XCTAssertEqual(scenario.name, "module-names")
    }
}
