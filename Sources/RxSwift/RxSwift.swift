// The module RxSwift 6 code imports. It re-exports RxCore, so `import RxSwift` brings the whole
// of RxCore's API and `RxSwift.Observable<Int>` names `RxCore.Observable<Int>`: one
// implementation, two module names. Nothing is declared here, so nothing can diverge.
//
// `@testable import RxSwift` compiles and sees everything public; it cannot reach RxCore's
// internals (`@testable` does not travel through a re-export). Tests that use RxSwift's
// internals (`AtomicInt`, `Bag`, `Queue`, `PriorityQueue`) add `@testable import RxCore`.
@_exported import RxCore
