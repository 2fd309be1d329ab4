// The module RxRelay code imports. `PublishRelay`, `BehaviorRelay` and `ReplayRelay` live in
// RxCore (Relays/); this re-exports them, so `RxRelay.BehaviorRelay<Int>` names
// `RxCore.BehaviorRelay<Int>`.
@_exported import RxCore
