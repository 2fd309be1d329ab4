@_exported import RxCocoa
// What a scenario's author needs with `import RxTrace` or `import RxTraceRunner`: RxCore, the
// report model's verdicts, and RxCocoa (`URLSession.rx`, Driver and Signal live there, as in RxSwift).
@_exported import RxCore
@_exported import RxTraceReport
