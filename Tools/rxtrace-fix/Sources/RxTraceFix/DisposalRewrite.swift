import SwiftSyntax

/// The change for a dropped `Disposable`: end it with the test's own bag in a test, with the
/// owner's bag, with `take(until:)` on a deallocation signal the owner already has, or with a bag
/// added to the owner; handlers that capture the owner strongly are made weak at the same time,
/// since the owner's bag (or its deinit) would otherwise never come.
enum DisposalRewrite {
    static let newBagName = "disposeBag"

    static func make(_ statement: SubscriptionStatement, scope: OwnerScope) -> Result<Change, NoPatch> {
        if scope.isTest { return .success(testBag(statement, scope: scope)) }
        guard scope.function != nil, scope.typeDecl != nil else {
            return .failure(
                NoPatch(
                    "the dropped Disposable is not in a method of a type: no owner's lifetime to end it with; keep it where its end is decided"
                )
            )
        }
        guard !scope.isStaticFunction else {
            return .failure(
                NoPatch(
                    "the dropped Disposable is in a static function: no instance owns it, so neither a bag nor a deallocation signal can end it"
                )
            )
        }
        guard !scope.isInClosure else {
            return .failure(
                NoPatch(
                    "the dropped Disposable is made inside a closure: which lifetime should end it is not mechanical"
                )
            )
        }
        let owner = scope.typeName ?? "the owner"
        let weak =
            scope.ownerIsReferenceType ? WeakSelfRewrite(statement: statement, scope: scope) : WeakSelfRewrite.none
        var edits = weak.edits
        let summary: String
        var classes: [FixClass]
        if let bag = scope.ownBag {
            edits += disposedBy(bag, statement)
            classes = [.disposedByBag]
            summary = "`.disposed(by: \(bag))`: the subscription now ends with \(owner)'s own bag"
        } else if let signal = scope.deallocationSignal {
            guard let access = statement.subscriber.calledExpression.as(MemberAccessExprSyntax.self) else {
                return .failure(NoPatch("the subscribing call has no receiver to put `take(until:)` before"))
            }
            edits.append(
                .insert(".take(until: \(signal))", at: access.period.positionAfterSkippingLeadingTrivia.utf8Offset)
            )
            classes = [.takeUntilDeallocation]
            summary = "`.take(until: \(signal))`: the subscription now ends when \(owner)'s deinit fires `\(signal)`"
        } else if let storage = scope.storageDecl, let members = OwnerScope.memberBlock(of: storage) {
            edits.append(newProperty(in: members))
            edits += disposedBy(newBagName, statement)
            classes = [.disposedByBag]
            summary =
                "added `private let \(newBagName) = DisposeBag()` to \(owner) and `.disposed(by: \(newBagName))`: the subscription now ends with \(owner)"
        } else {
            return .failure(
                NoPatch(
                    "\(owner) is declared in another file, so this extension cannot add it a DisposeBag, and it has no deallocation signal (a subject its deinit fires) for `take(until:)`"
                )
            )
        }
        weak.classes.forEach { if !classes.contains($0) { classes.append($0) } }
        let weakNote = weak.edits.isEmpty ? "" : ", and its handler captures \(owner) weakly"
        return .success(Change(edits: edits, classes: classes, summary: summary + weakNote))
    }

    /// A bag local to the test: the one it already declares, or a new one at the top of its body.
    static func testBag(_ statement: SubscriptionStatement, scope: OwnerScope) -> Change {
        let statements = scope.functionBody.map { Array($0.statements) } ?? []
        let existing = statements.lazy.compactMap { $0.item.as(VariableDeclSyntax.self) }.compactMap {
            decl -> String? in
            guard let binding = decl.bindings.first, binding.initializer?.value.trimmedDescription == "DisposeBag()"
            else {
                return nil
            }
            return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }.first
        var edits = disposedBy(existing ?? newBagName, statement)
        if existing == nil, let first = statements.first {
            let indentation = OwnerScope.indentation(before: Syntax(first))
            edits.append(
                .insert(
                    "let \(newBagName) = DisposeBag()\n\(indentation)",
                    at: first.positionAfterSkippingLeadingTrivia.utf8Offset
                )
            )
        }
        let bag = existing ?? newBagName
        return Change(
            edits: edits,
            classes: [.disposedByBag],
            summary: "`.disposed(by: \(bag))` with a bag local to the test, so the subscription ends with the test"
        )
    }

    /// `_ = chain` becomes `chain.disposed(by: bag)`.
    static func disposedBy(_ bag: String, _ statement: SubscriptionStatement) -> [SourceEdit] {
        var edits = [
            SourceEdit.insert(".disposed(by: \(bag))", at: statement.chain.endPositionBeforeTrailingTrivia.utf8Offset)
        ]
        if let discard = statement.discard {
            edits.append(
                SourceEdit(
                    start: discard.positionAfterSkippingLeadingTrivia.utf8Offset,
                    end: statement.chain.positionAfterSkippingLeadingTrivia.utf8Offset,
                    replacement: ""
                )
            )
        }
        return edits
    }

    /// `private let disposeBag = DisposeBag()` as the type's first member, indented as its members are.
    static func newProperty(in members: MemberBlockSyntax) -> SourceEdit {
        let indentation =
            members.members.first.map { OwnerScope.indentation(before: Syntax($0)) }
            ?? OwnerScope.indentation(before: Syntax(members)) + "    "
        return .insert(
            "\n\(indentation)private let \(newBagName) = DisposeBag()",
            at: members.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        )
    }
}

extension OwnerScope {
    /// The spaces and tabs that start the line `node` starts on.
    static func indentation(before node: Syntax) -> String {
        let text = Array(node.root.description.utf8)
        var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        while start > 0, text[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        let blanks = text[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: blanks, as: UTF8.self)
    }
}
