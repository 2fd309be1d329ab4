// `URLSession.rx.response/data/json(request:)` live in RxCocoa (as in RxSwift); scenarios that
// import RxTrace keep reaching them, and Driver and Signal, through this re-export.
@_exported import RxCocoa
@_exported import RxTraceReport
@_exported import RxTraceAnalysis
