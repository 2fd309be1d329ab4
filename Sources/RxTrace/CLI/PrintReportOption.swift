import ArgumentParser

/// Whether a test run prints its whole text report on standard output; by default it prints its
/// failing tests and findings, then the summary (the whole report is in the output folder).
struct PrintReportOption: ParsableArguments {
    @Flag(
        name: .customLong("print-report"),
        help:
            "Print the whole text report (every test, passing ones too), not only the failing tests and findings; the output folder's rxtrace.txt holds it either way."
    )
    var printReport = false
}
