import SwiftSyntax

/// The edits that make a subscriber's handlers capture their owner weakly: `[weak self]` on each
/// closure that captures `self` strongly (with `guard let self else { return }` when the body
/// uses `self` more than once, `self?.` when once), and a closure in place of each method
/// reference (`onNext: self.handle` captures `self` as strongly as a closure would).
struct WeakSelfRewrite {
    /// The subscriber labels whose argument is a handler, and the name its closure's parameter gets.
    static let handlerParameters: [String: String?] = [
        "onNext": "value", "onSuccess": "value", "onError": "error", "onFailure": "error",
        "onCompleted": nil, "onDisposed": nil,
    ]

    var edits: [SourceEdit] = []
    var classes: [FixClass] = []

    /// No change, for an owner whose `self` cannot be captured weakly (a value type).
    static let none = WeakSelfRewrite()

    private init() {}

    init(statement: SubscriptionStatement, scope: OwnerScope) {
        for closure in statement.handlerClosures where Self.capturesSelfStrongly(closure) {
            edits += Self.weakCaptureEdits(for: closure)
            if !classes.contains(.weakSelfCapture) { classes.append(.weakSelfCapture) }
        }
        for argument in statement.subscriber.arguments {
            guard let label = argument.label?.text, let parameter = Self.handlerParameters[label],
                let method = Self.methodName(referencedBy: argument.expression, scope: scope)
            else { continue }
            let call = Self.call(method, parameter: parameter, scope: scope)
            let closure =
                parameter.map { "{ [weak self] \($0) in self?.\(call) }" } ?? "{ [weak self] in self?.\(call) }"
            edits.append(
                SourceEdit(
                    start: argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset,
                    end: argument.expression.endPositionBeforeTrailingTrivia.utf8Offset,
                    replacement: closure
                )
            )
            if !classes.contains(.methodReferenceClosure) { classes.append(.methodReferenceClosure) }
        }
    }

    /// `self.handle`, or `handle` naming one of the owner's instance methods.
    static func methodName(referencedBy expression: ExprSyntax, scope: OwnerScope) -> String? {
        if let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            return access.declName.baseName.text
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else {
            return nil
        }
        let name = reference.baseName.text
        return scope.instanceMethod(named: name) == nil ? nil : name
    }

    /// `handle(value)`, `handle(titles: value)` or `finish()`, as the method declares its first parameter.
    static func call(_ method: String, parameter: String?, scope: OwnerScope) -> String {
        guard let parameter else { return "\(method)()" }
        let label = scope.instanceMethod(named: method)?.signature.parameterClause.parameters.first?.firstName.text
        guard let label, label != "_" else { return "\(method)(\(parameter))" }
        return "\(method)(\(label): \(parameter))"
    }

    static func selfTokens(in closure: ClosureExprSyntax) -> [TokenSyntax] {
        closure.statements.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .keyword(.self) }
    }

    static func captureItems(of closure: ClosureExprSyntax) -> [ClosureCaptureSyntax] {
        closure.signature?.capture.map { Array($0.items) } ?? []
    }

    static func capturesSelfStrongly(_ closure: ClosureExprSyntax) -> Bool {
        let captures = captureItems(of: closure)
        if captures.contains(where: { $0.trimmedDescription == "self" }) { return true }
        let weaklyCaptured = captures.contains { $0.trimmedDescription.hasSuffix(" self") }
        return !weaklyCaptured && !selfTokens(in: closure).isEmpty
    }

    static func weakCaptureEdits(for closure: ClosureExprSyntax) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        let captures = captureItems(of: closure)
        let strongCapture = captures.first { $0.trimmedDescription == "self" }
        if let strongCapture {
            edits.append(.insert("weak ", at: strongCapture.positionAfterSkippingLeadingTrivia.utf8Offset))
        } else if let clause = closure.signature?.capture {
            let separator = clause.items.last?.trailingComma == nil ? ", " : " "
            edits.append(
                .insert("\(separator)weak self", at: clause.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset)
            )
        } else if let signature = closure.signature {
            edits.append(.insert("[weak self] ", at: signature.positionAfterSkippingLeadingTrivia.utf8Offset))
        } else {
            edits.append(.insert(" [weak self] in", at: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset))
        }
        let uses = selfTokens(in: closure)
        if strongCapture == nil, uses.count == 1, let use = uses.first, isChainableStatementBase(use) {
            edits.append(.insert("?", at: use.endPositionBeforeTrailingTrivia.utf8Offset))
        } else if let first = closure.statements.first {
            edits.append(guardEdit(before: first, in: closure))
        }
        return edits
    }

    /// `guard let self else { return }` before the body's first statement, on its own line when
    /// the body starts on a line of its own.
    static func guardEdit(before first: CodeBlockItemSyntax, in closure: ClosureExprSyntax) -> SourceEdit {
        let offset = first.positionAfterSkippingLeadingTrivia.utf8Offset
        guard first.leadingTrivia.contains(where: \.isNewline) else {
            return .insert("guard let self else { return }; ", at: offset)
        }
        let indentation = OwnerScope.indentation(before: Syntax(first))
        return .insert("guard let self else { return }\n\(indentation)", at: offset)
    }

    /// Whether `self` here starts a statement that optional chaining can carry as it is:
    /// `self.count += 1`, `self.titles = x`, `self.reload()`, never `f(self.x)` or `let y = self.x`.
    static func isChainableStatementBase(_ token: TokenSyntax) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
            var node = reference.parent, node.is(MemberAccessExprSyntax.self)
        else { return false }
        var child = Syntax(reference)
        while true {
            if let access = node.as(MemberAccessExprSyntax.self), access.base.map(Syntax.init) == child {
            } else if let call = node.as(FunctionCallExprSyntax.self), Syntax(call.calledExpression) == child {
            } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self),
                Syntax(subscriptCall.calledExpression) == child
            {
            } else {
                break
            }
            child = node
            guard let parent = node.parent else { return false }
            node = parent
        }
        if node.is(CodeBlockItemSyntax.self) { return true }
        guard node.is(ExprListSyntax.self), let sequence = node.parent?.as(SequenceExprSyntax.self),
            sequence.parent?.is(CodeBlockItemSyntax.self) == true
        else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, Syntax(elements[0]) == child else { return false }
        if elements[1].is(AssignmentExprSyntax.self) { return true }
        let operatorText = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
        return operatorText.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(operatorText)
    }
}
