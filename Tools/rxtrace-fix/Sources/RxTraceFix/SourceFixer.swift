import SwiftParser
import SwiftSyntax

/// Turns one finding's call site into a patched file, on the syntax tree: the subscribing
/// statement at the line is found, its owner read, and the change that ends the subscription
/// with its owner is made, or the reason there is none is given.
public enum SourceFixer {
    /// The kinds of finding a change at the call site can fix.
    public static let fixableKinds: Set<String> = ["leakedSubscription", "referenceCycle", "unreleasedObject"]

    /// `kind` is the finding's kind as the report names it (`leakedSubscription`, `referenceCycle`…);
    /// `line` is its call site (the `subscribe`, `bind` or `drive` line).
    public static func fix(source: String, line: Int, kind: String) -> FixOutcome {
        guard fixableKinds.contains(kind) else {
            return .noPatch(
                reason: "a \(kind) is not a leak or a cycle at a call site: its fix is not a mechanical change there"
            )
        }
        let file = Parser.parse(source: source)
        guard let statement = subscriptionStatement(at: line, in: file) else {
            return .noPatch(
                reason:
                    "line \(line) has no `subscribe`/`bind`/`drive`/`emit` statement whose Disposable is dropped or kept by `disposed(by:)`: what keeps it alive is not a mechanical change there"
            )
        }
        let scope = OwnerScope(of: statement.item, in: file)
        let change = statement.isDropped ? DisposalRewrite.make(statement, scope: scope) : cycleChange(statement, scope)
        switch change {
        case .failure(let reason):
            return .noPatch(reason: reason.text)
        case .success(let change):
            let patched = change.edits.applied(to: source)
            let start = change.edits.mapped(statement.item.positionAfterSkippingLeadingTrivia.utf8Offset)
            let end = change.edits.mapped(statement.item.endPositionBeforeTrailingTrivia.utf8Offset)
            let lines = lineNumber(ofOffset: start, in: patched)...lineNumber(ofOffset: end, in: patched)
            return .patched(
                SourcePatch(
                    source: patched,
                    classes: change.classes,
                    summary: change.summary,
                    statementLines: lines,
                    edits: change.edits,
                    original: source
                )
            )
        }
    }

    /// A subscription kept by a bag: a cycle when that bag is the owner's own and a handler
    /// holds the owner strongly.
    static func cycleChange(_ statement: SubscriptionStatement, _ scope: OwnerScope) -> Result<Change, NoPatch> {
        guard let bag = statement.bagArgument?.trimmedDescription else {
            return .failure(
                NoPatch(
                    "the Disposable is neither dropped nor handed to `disposed(by:)`: whatever keeps it is not a mechanical change"
                )
            )
        }
        guard scope.ownerIsReferenceType, let ownBag = scope.ownBag, [ownBag, "self.\(ownBag)"].contains(bag) else {
            return .failure(
                NoPatch(
                    "the Disposable is kept by `\(bag)`, not by its owner's own bag: a weak capture would not end it; dispose it with what should end it"
                )
            )
        }
        let rewrite = WeakSelfRewrite(statement: statement, scope: scope)
        guard !rewrite.edits.isEmpty else {
            return .failure(
                NoPatch(
                    "kept by the owner's own bag, but no handler of `\(SubscriptionStatement.name(of: statement.subscriber) ?? "subscribe")` captures `self` strongly: what holds the owner is elsewhere in the chain"
                )
            )
        }
        let owner = scope.typeName ?? "the owner"
        let what = rewrite.classes.contains(.methodReferenceClosure) ? "a `[weak self]` closure" : "`[weak self]`"
        return .success(
            Change(
                edits: rewrite.edits,
                classes: rewrite.classes,
                summary:
                    "\(what) in the handler kept by \(owner)'s own bag `\(ownBag)`, so the bag no longer keeps \(owner) alive"
            )
        )
    }

    /// The innermost subscribing statement whose lines include `line`.
    static func subscriptionStatement(at line: Int, in file: SourceFileSyntax) -> SubscriptionStatement? {
        final class Finder: SyntaxVisitor {
            let line: Int
            let converter: SourceLocationConverter
            var found: SubscriptionStatement?
            init(line: Int, file: SourceFileSyntax) {
                self.line = line
                converter = SourceLocationConverter(fileName: "", tree: file)
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                let first = node.startLocation(converter: converter, afterLeadingTrivia: true).line
                let last = node.endLocation(converter: converter, afterTrailingTrivia: false).line
                guard (first...last).contains(line) else { return .skipChildren }
                if let statement = SubscriptionStatement(node) { found = statement }
                return .visitChildren
            }
        }
        let finder = Finder(line: line, file: file)
        finder.walk(file)
        return finder.found
    }
}

/// The edits for one finding and what they do.
struct Change {
    var edits: [SourceEdit]
    var classes: [FixClass]
    var summary: String
}

/// Why a finding gets no patch.
struct NoPatch: Error {
    var text: String
    init(_ text: String) { self.text = text }
}
