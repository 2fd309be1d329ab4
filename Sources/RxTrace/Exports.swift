@_exported import RxCocoa
@_exported import RxTraceAnalysis
@_exported import RxTraceReport
// `import RxTrace` gives a user's own rxtrace executable the command line (`RxTraceCLI`) and
// every layer under it: scenarios and runs, analysis, the report model.
@_exported import RxTraceRunner
