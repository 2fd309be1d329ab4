import Foundation

/// One self-contained HTML file: inline CSS, a few lines of inline script (expand/collapse all),
/// a Content-Security-Policy that forbids any network access. Findings come first, in review
/// order (failing in red, expected leaks in amber, accepted ones in grey; the first failing one
/// open), each with the source around its call site, a one-line fix and its live count per
/// pass; then the scenarios table; then each scenario, clean ones folded away. An interrupted
/// run is headed by a banner, and scenarios that crashed or hung come before the findings with
/// the line they stopped at (`HTMLStoppedSection`).
///
/// The page is built as an `HTMLNode` tree (escaping by construction), one file per piece:
/// `HTMLSummaryTable`, `HTMLScenarioArticle`, `HTMLFindingDetails`, `HTMLBacktrace`,
/// `HTMLSuppressionsTable`, and the style sheet and script in `HTMLStyle`. Extra drawings per
/// finding or per scenario (a cycle graph, thread-hop lanes) plug in through `HTMLParts`.
public struct HTMLReportRenderer: Sendable {
    let parts: HTMLParts

    public init() {
        self.init(parts: .standard)
    }

    init(parts: HTMLParts) {
        self.parts = parts
    }

    public func render(_ report: RunReport) -> String {
        var out = "<!DOCTYPE html>\n"
        page(report).render(into: &out)
        return out
    }

    private func page(_ report: RunReport) -> HTMLNode {
        let tool = report.tool
        let host = report.host
        let text = TextReportRenderer(colour: false)
        let review = report.findingsForReview
        // Each scenario's findings link to their place in the findings section.
        var anchors = report.scenarios.map { _ in [String]() }
        var anchorByFinding: [String: String] = [:]
        for (index, reviewed) in review.enumerated() {
            // One entry per bug: every scenario or test that showed it links to it.
            for name in reviewed.seenIn {
                anchorByFinding["\(name)\u{1}\(reviewed.finding.signature)"] = "finding-\(index)"
            }
        }
        for (index, scenario) in report.scenarios.enumerated() {
            anchors[index] = scenario.findings.map {
                anchorByFinding["\(scenario.name)\u{1}\($0.signature)"] ?? "findings"
            }
        }
        return .element("html", [HTMLAttribute("lang", "en")]) {
            HTMLNode.element("head") {
                HTMLNode.element("meta", [HTMLAttribute("charset", "utf-8")])
                HTMLNode.element(
                    "meta",
                    [
                        HTMLAttribute("name", "viewport"),
                        HTMLAttribute("content", "width=device-width, initial-scale=1"),
                    ]
                )
                HTMLNode.element(
                    "meta",
                    [
                        HTMLAttribute("http-equiv", "Content-Security-Policy"),
                        HTMLAttribute(
                            "content",
                            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
                        ),
                    ]
                )
                HTMLNode.element("title", text: "\(tool.name) report")
                HTMLNode.element("style", [], [HTMLStyle.css])
            }
            HTMLNode.element("body") {
                HTMLNode.element("header") {
                    HTMLNode.element("h1", text: "\(tool.name) report")
                    HTMLNode.element(
                        "p",
                        [.class("meta")],
                        text:
                            "\(tool.nameAndVersion) · generated \(Self.timestamp(report.generatedAt)) · \(host.hostname) (\(host.operatingSystem) \(host.architecture), \(host.processorCount) CPUs) · schema v\(report.schemaVersion)"
                    )
                    HTMLNode.element(
                        "p",
                        [.id("gate"), .class("gate", report.gateOutcome == .passed ? "pass" : "fail")],
                        text: text.summaryLine(report).replacingOccurrences(of: "Summary: ", with: "")
                    )
                    if let note = host.heapGraphNote {
                        HTMLNode.element("p", [.id("heap-graph-note"), .class("meta")], text: note)
                    }
                    if let interruption = report.interruption {
                        // An interrupted run's page must not read as a whole run: the banner
                        // names the scenarios that did not finish.
                        HTMLNode.element(
                            "p",
                            [.id("interruption"), .class("banner", "interrupted"), HTMLAttribute("role", "alert")],
                            text: interruption.displayText(for: report.subject).prefix(1).uppercased()
                                + interruption.displayText(for: report.subject).dropFirst()
                                + ". The report holds the \(report.subject.noun)s that finished."
                        )
                    }
                    if let baseline = report.baseline {
                        HTMLNode.element("p", [.id("baseline"), .class("meta")]) {
                            "Baseline "
                            HTMLNode.element("code", text: baseline.path)
                            ": \(baseline.signatureCount) signatures, \(baseline.newFindings) new, \(baseline.knownFindings) known, \(baseline.absentSignatures.count) no longer seen."
                            if let kept = baseline.keptUnverifiedSignatures {
                                " Updated from a partial run: kept \(ReportNumbers.count(kept, "signature")) it did not see."
                            }
                        }
                    }
                }
                HTMLNode.element("main") {
                    HTMLFailedTestsSection(report: report).node
                    HTMLStoppedSection(report: report).node
                    HTMLFindingsSection(
                        findings: review,
                        parts: parts.finding,
                        everyScenarioFinished: report.everyScenarioFinished,
                        subject: report.subject
                    ).node
                    HTMLSummaryTable(report: report).node
                    HTMLNode.element("section", [.id("details")]) {
                        HTMLNode.element("h2", text: "\(report.subject.pluralTitle) in detail")
                        for (index, scenario) in report.scenarios.enumerated() {
                            HTMLScenarioArticle(
                                scenario: scenario,
                                index: index,
                                parts: parts,
                                findingAnchors: anchors[index]
                            ).node
                        }
                    }
                    if !report.suppressions.isEmpty {
                        HTMLSuppressionsTable(usages: report.suppressions).node
                    }
                }
                HTMLNode.element("script", [], [HTMLStyle.script])
            }
        }
    }

    private static func timestamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
