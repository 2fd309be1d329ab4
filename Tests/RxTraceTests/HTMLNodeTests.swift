import XCTest

@testable import RxTrace
@testable import RxTraceAnalysis
@testable import RxTraceReport
@testable import RxTraceRunner

final class HTMLNodeTests: XCTestCase {
    func testTextAndAttributeValuesAreEscapedWhenRendered() {
        let node = HTMLNode.element("p", [HTMLAttribute("title", "\"><script>x</script>"), .flag("hidden")]) {
            "<b>bold</b> & 'quoted'"
            HTMLNode.element("code", text: "Sink<Int>")
        }

        XCTAssertEqual(
            node.rendered(),
            "<p title=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\" hidden>&lt;b&gt;bold&lt;/b&gt; &amp; &#39;quoted&#39;<code>Sink&lt;Int&gt;</code></p>\n"
        )
    }

    func testSVGLabelsAreEscapedLikeText() {
        let svg = SVGNode.canvas(width: 40, height: 10, label: "a \"chart\"") {
            SVGNode.text("<3", x: 1.25, y: 9)
        }

        XCTAssertEqual(
            svg.rendered(),
            "<svg width=\"40\" height=\"10\" viewBox=\"0 0 40 10\" role=\"img\" aria-label=\"a &quot;chart&quot;\"><text class=\"\" x=\"1.3\" y=\"9\" text-anchor=\"start\">&lt;3</text></svg>"
        )
    }

    func testFindingAndScenarioPartsAreDrawnInsideTheirSection() {
        struct SignatureBadge: HTMLFindingPart {
            func node(for finding: LeakFinding, in scenario: ScenarioReport) -> HTMLNode? {
                finding.retentionReason == nil
                    ? nil : .element("figure", [.class("part-test")], text: "\(scenario.name)/\(finding.signature)")
            }
        }
        struct ScenarioFooter: HTMLScenarioPart {
            func node(for scenario: ScenarioReport) -> HTMLNode? {
                scenario.findings.isEmpty
                    ? nil : .element("figure", [.class("scenario-part-test")], text: scenario.name)
            }
        }
        let html = HTMLReportRenderer(parts: HTMLParts(finding: [SignatureBadge()], scenario: [ScenarioFooter()]))
            .render(ReportFixtures.run())

        let part = "<figure class=\"part-test\">dataProviderLeak/sig-interval-map</figure>\n"
        guard let partRange = html.range(of: part) else { return XCTFail(html) }
        let finding = html.range(of: "data-signature=\"sig-interval-map\"")!
        let backtrace = html.range(of: "<ol class=\"backtrace\">", range: finding.upperBound..<html.endIndex)!
        XCTAssertTrue(
            finding.upperBound < partRange.lowerBound && partRange.upperBound <= backtrace.lowerBound,
            "between the facts and the backtrace"
        )
        XCTAssertEqual(
            html.components(separatedBy: "class=\"scenario-part-test\"").count - 1,
            2,
            "only scenarios with findings"
        )
        XCTAssertFalse(
            HTMLReportRenderer().render(ReportFixtures.run()).contains("part-test"),
            "the standard report has no test parts"
        )
    }
}
