import Foundation

/// One self-contained HTML file: inline CSS, a few lines of inline script (expand/collapse all),
/// a Content-Security-Policy that forbids any network access, a summary table and one
/// collapsible `<details>` per finding with its backtrace. Every piece of report text is escaped.
public struct HTMLReportRenderer: Sendable {
    public init() {}

    public func render(_ report: RunReport) -> String {
        let summary = report.summary
        let text = TextReportRenderer(colour: false)
        var h = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <title>\(e(report.tool.name)) report</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <header>
        <h1>\(e(report.tool.name)) report</h1>
        <p class="meta">\(e(report.tool.name)) \(e(report.tool.version)) · generated \(e(Self.timestamp(report.generatedAt))) · \(e(report.host.hostname)) (\(e(report.host.operatingSystem)) \(e(report.host.architecture)), \(report.host.processorCount) CPUs) · schema v\(report.schemaVersion)</p>
        <p id="gate" class="gate \(report.gateOutcome == .passed ? "pass" : "fail")">\(e(text.summaryLine(report).replacingOccurrences(of: "Summary: ", with: "")))</p>

        """
        if let baseline = report.baseline {
            h += "<p id=\"baseline\" class=\"meta\">Baseline <code>\(e(baseline.path))</code>: \(baseline.signatureCount) signatures, \(baseline.newFindings) new, \(baseline.knownFindings) known, \(baseline.absentSignatures.count) no longer seen.</p>\n"
        }
        h += "</header>\n<main>\n<section>\n<h2>Scenarios</h2>\n"
        h += "<table id=\"summary\">\n<thead><tr><th>Scenario</th><th>Verdict</th><th>Expected</th><th>Leaks</th><th>Growth</th><th>Result</th></tr></thead>\n<tbody>\n"
        for (index, scenario) in report.scenarios.enumerated() {
            let leaks = scenario.findings.reduce(0) { $0 + $1.count }
            let result = scenario.passed ? "pass" : (scenario.isUnexpectedlyAbnormal ? scenario.status.state : "fail")
            h += "<tr class=\"\(scenario.passed ? "pass" : "fail")\" data-scenario=\"\(e(scenario.name))\">"
            h += "<td><a href=\"#scenario-\(index)\">\(e(scenario.name))</a></td>"
            h += "<td class=\"verdict\(scenario.verdictMatched || scenario.passed ? "" : " mismatch")\">\(e(scenario.actualVerdict.displayName))</td>"
            h += "<td>\(e(scenario.expectedVerdict.displayName))</td>"
            h += "<td class=\"num\">\(leaks)</td>"
            h += "<td class=\"num\">\(e(ReportNumbers.signed(scenario.lastPassGrowth)))</td>"
            h += "<td class=\"result\">\(e(result))</td></tr>\n"
        }
        h += "</tbody>\n</table>\n<p class=\"meta\">\(summary.findings) finding groups · \(summary.suppressedFindings) suppressed · \(summary.failingFindings) failing</p>\n</section>\n"
        h += "<section id=\"details\">\n<h2>Details <button type=\"button\" id=\"toggle-all\" hidden>Expand all</button></h2>\n"
        for (index, scenario) in report.scenarios.enumerated() {
            h += renderScenario(scenario, index: index)
        }
        h += "</section>\n"
        if !report.suppressions.isEmpty {
            h += "<section id=\"suppressions\">\n<h2>Suppressions</h2>\n<table>\n<thead><tr><th>Rule</th><th>Reason</th><th>Where</th><th>Matched</th></tr></thead>\n<tbody>\n"
            for usage in report.suppressions {
                h += "<tr><td><code>\(e(usage.rule.ruleText))</code></td><td>\(e(usage.rule.reason))</td><td>\(e(usage.rule.origin ?? ""))</td><td class=\"num\">\(usage.matchedFindings)</td></tr>\n"
            }
            h += "</tbody>\n</table>\n</section>\n"
        }
        h += "</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
        return h
    }

    private func renderScenario(_ scenario: ScenarioReport, index: Int) -> String {
        var h = "<article class=\"scenario \(scenario.passed ? "pass" : "fail")\" id=\"scenario-\(index)\">\n"
        h += "<h3>\(e(scenario.name)) <span class=\"badge \(scenario.passed ? "pass" : "fail")\">\(scenario.passed ? "pass" : "fail")</span></h3>\n"
        h += "<p>\(e(scenario.summary))</p>\n<ul class=\"facts\">\n"
        h += "<li>Expected <b>\(e(scenario.expectedVerdict.displayName))</b>, got <b>\(e(scenario.actualVerdict.displayName))</b>; status \(e(scenario.status.displayName)); \(e(ReportNumbers.seconds(scenario.durationSeconds)))</li>\n"
        if !scenario.passes.isEmpty {
            let passes = scenario.passes.map { "pass \($0.pass): \($0.before) → \($0.after) (\(ReportNumbers.signed($0.growth)))" }
            h += "<li>Live resources: \(e(passes.joined(separator: "; ")))</li>\n"
        }
        for reason in scenario.failureReasons {
            h += "<li class=\"reason\">Fails: \(e(reason))</li>\n"
        }
        h += "</ul>\n"
        for finding in scenario.findings {
            h += renderFinding(finding)
        }
        if let output = scenario.output, !output.isEmpty {
            h += "<details class=\"output\" open><summary>Output</summary><pre>\(e(TextReportRenderer.strippingANSI(output)))</pre></details>\n"
        }
        h += "</article>\n"
        return h
    }

    private func renderFinding(_ finding: LeakFinding) -> String {
        var classes = ["finding", finding.kind.rawValue]
        if finding.suppressedBy != nil { classes.append("suppressed") }
        var badges = ""
        if finding.isNew == true { badges += " <span class=\"badge new\">new</span>" }
        if finding.isNew == false { badges += " <span class=\"badge known\">in baseline</span>" }
        if finding.suppressedBy != nil { badges += " <span class=\"badge suppressed\">suppressed</span>" }
        var h = "<details class=\"\(classes.joined(separator: " "))\" data-signature=\"\(e(finding.signature))\">\n"
        h += "<summary>\(e(finding.headline))\(badges)</summary>\n<dl>\n"
        if let site = finding.callSite {
            h += "<dt>Call site</dt><dd><code>\(e(site.fileAndLine))</code>\(site.function.map { " in <code>\(e($0))</code>" } ?? "")</dd>\n"
        }
        let perPass = finding.countPerPass.isEmpty ? "" : " (still alive per pass: \(finding.countPerPass.map(String.init).joined(separator: ", ")))"
        h += "<dt>Growth</dt><dd>\(finding.growthPerPass) per pass\(e(perPass))</dd>\n"
        if let reason = finding.retentionReason {
            h += "<dt>Retained by</dt><dd>\(e(reason))</dd>\n"
        }
        if !finding.resourceTypes.isEmpty {
            h += "<dt>Types</dt><dd>\(finding.resourceTypes.map { "<code>\(e($0))</code>" }.joined(separator: ", "))</dd>\n"
        }
        if let rule = finding.suppressedBy {
            h += "<dt>Suppressed by</dt><dd><code>\(e(rule.ruleText))</code> — \(e(rule.reason))</dd>\n"
        }
        h += "<dt>Signature</dt><dd><code>\(e(finding.signature))</code></dd>\n</dl>\n"
        if !finding.backtrace.isEmpty {
            h += "<ol class=\"backtrace\">\n"
            for group in ReportFrameGroup.group(finding.backtrace) {
                switch group {
                case .frame(_, let frame):
                    h += frameItem(frame)
                case .folded(let frames, _):
                    h += "<li class=\"folded\"><details><summary>\(e(group.foldedSummary ?? ""))</summary><ol>\n"
                    for frame in frames { h += frameItem(frame) }
                    h += "</ol></details></li>\n"
                }
            }
            h += "</ol>\n"
        }
        h += "</details>\n"
        return h
    }

    private func frameItem(_ frame: ReportFrame) -> String {
        let place = frame.fileAndLine.map { " <span class=\"loc\">\(e($0))</span>" } ?? ""
        return "<li class=\"frame \(frame.origin.rawValue)\"><code>\(e(frame.function))</code>\(place)</li>\n"
    }

    private func e(_ text: String) -> String { Escaping.html(text) }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }

    private static let css = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
    header,main{max-width:1100px;margin:0 auto;padding:12px 20px}
    header{border-bottom:1px solid #d8dde3}
    h1{font-size:22px;margin:8px 0}h2{font-size:18px;margin:20px 0 8px}h3{font-size:16px;margin:0 0 4px}
    .meta{color:#5b6570;margin:4px 0}
    .gate{font-weight:600;padding:6px 10px;border-radius:6px;display:inline-block}
    .gate.pass{background:#e3f6e8;color:#17632f}.gate.fail{background:#fde8e8;color:#9b1c1c}
    table{border-collapse:collapse;width:100%;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.06)}
    th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e6e9ed}th{background:#eef1f4}
    td.num{text-align:right;font-variant-numeric:tabular-nums}
    tr.fail td.result{color:#9b1c1c;font-weight:600}tr.pass td.result{color:#17632f}
    td.mismatch{color:#9b1c1c;font-weight:600}
    article.scenario{background:#fff;margin:12px 0;padding:12px 16px;border-radius:8px;border-left:4px solid #2e9e55;box-shadow:0 1px 2px rgba(0,0,0,.06)}
    article.scenario.fail{border-left-color:#d13838}
    .facts{margin:6px 0;padding-left:18px}.reason{color:#9b1c1c}
    details.finding{border:1px solid #e1e5ea;border-radius:6px;margin:8px 0;padding:4px 10px}
    details.finding>summary{cursor:pointer;font-weight:600}
    details.finding.suppressed>summary{color:#6b7580;font-weight:400}
    dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}dt{color:#5b6570}dd{margin:0}
    .badge{font-size:11px;padding:1px 6px;border-radius:9px;vertical-align:middle;font-weight:600}
    .badge.new{background:#fff3c4;color:#7a5b00}.badge.known,.badge.suppressed{background:#e9ecef;color:#4b5560}
    .badge.pass{background:#e3f6e8;color:#17632f}.badge.fail{background:#fde8e8;color:#9b1c1c}
    ol.backtrace{font-size:13px;margin:6px 0;padding-left:26px}
    ol.backtrace li.frame.user code{font-weight:600}
    .loc{color:#5b6570;margin-left:6px}
    li.folded>details>summary{color:#6b7580;cursor:pointer;list-style:none}
    pre{background:#1d232a;color:#e6e9ed;padding:10px;border-radius:6px;overflow:auto;max-height:400px}
    code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:12.5px}
    button{font-size:12px;margin-left:8px}
    """

    // Optional: the report is complete without script. It only adds an expand/collapse-all
    // button and marks the document ready (the browser check looks for that mark).
    private static let script = """
    (function(){var b=document.getElementById('toggle-all');var open=false;
    b.hidden=false;b.addEventListener('click',function(){open=!open;
    document.querySelectorAll('details.finding').forEach(function(d){d.open=open;});
    b.textContent=open?'Collapse all':'Expand all';});
    document.documentElement.setAttribute('data-ready','1');})();
    """
}
