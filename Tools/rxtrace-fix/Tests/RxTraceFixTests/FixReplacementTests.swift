import Testing

@testable import RxTraceFix

/// A patch's replacements (what SARIF's `fixes` and the report carry) say exactly what the
/// patch changes: applied by line and column to the original, they make the patched file.
@Suite struct FixReplacementTests {
    static let source = """
        import RxSwift

        // Ünïcode before the call, so byte offsets and code-point columns differ.
        final class Feed {
            let disposeBag = DisposeBag()
            func start(_ titles: Observable<String>) {
                _ = titles.subscribe(onNext: { print("é", $0) })
            }
        }

        """

    @Test func replacementsAppliedByLineAndColumnMakeThePatchedFile() throws {
        guard case .patched(let patch) = SourceFixer.fix(source: Self.source, line: 7, kind: "leakedSubscription")
        else {
            Issue.record("no patch for the dropped subscription")
            return
        }
        let replacements = FixReplacement.of(patch, file: "Sources/Feed/Feed.swift")
        #expect(!replacements.isEmpty)
        #expect(replacements.allSatisfy { $0.file == "Sources/Feed/Feed.swift" })
        #expect(Self.applying(replacements, to: Self.source) == patch.source)
    }

    @Test func anInsertionIsAnEmptyRegion() {
        let positions = CodePointPositions("ab\nçd\n")
        #expect(positions.position(ofByte: 0) == (1, 1))
        #expect(positions.position(ofByte: 3) == (2, 1))
        // "ç" is two bytes and one code point.
        #expect(positions.position(ofByte: 5) == (2, 2))
        #expect(positions.position(ofByte: 7) == (3, 1))
    }

    /// Replaces each region, last first, counting lines and code-point columns as SARIF does.
    static func applying(_ replacements: [FixReplacement], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        for replacement in replacements.reversed() {
            let head = lines[replacement.startLine - 1].prefix(replacement.startColumn - 1)
            let tail = lines[replacement.endLine - 1].dropFirst(replacement.endColumn - 1)
            let middle =
                String(String.UnicodeScalarView(head)) + replacement.text
                + String(String.UnicodeScalarView(tail))
            let new = middle.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
            lines.replaceSubrange((replacement.startLine - 1)...(replacement.endLine - 1), with: new)
        }
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }
}
