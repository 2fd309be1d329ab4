import RxTrace
import RxTraceScenarios

RxTraceCLI.main(scenarios: BuiltInScenarios.all)
