// The module RxBlocking code imports: `toBlocking()` and `BlockingObservable` from
// RxCoreBlocking, which this re-exports.
@_exported import RxCoreBlocking
