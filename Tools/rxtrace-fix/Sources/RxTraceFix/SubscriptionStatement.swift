import SwiftSyntax

/// A statement that subscribes (`subscribe`, `bind`, `drive`, `emit`), read as a chain of calls:
/// `_ = source.map(f).subscribe(onNext: …)` or `source.bind(onNext: …).disposed(by: bag)`.
struct SubscriptionStatement {
    /// The calls that end a chain in a `Disposable`; anything after them decides its fate.
    static let subscriberNames: Set<String> = ["subscribe", "bind", "drive", "emit"]

    let item: CodeBlockItemSyntax
    /// `_ =` when the statement throws its result away that way (nil for a bare call).
    let discard: DiscardAssignmentExprSyntax?
    /// The chain itself, without `_ =`.
    let chain: ExprSyntax
    /// The subscribing call of the chain.
    let subscriber: FunctionCallExprSyntax
    /// What `.disposed(by:)` hands the `Disposable` to, when the chain ends that way.
    let bagArgument: ExprSyntax?

    /// The `Disposable` is thrown away: nothing will ever dispose it.
    let isDropped: Bool

    init?(_ item: CodeBlockItemSyntax) {
        guard case .expr(let expression) = item.item else { return nil }
        var chain = expression
        var discard: DiscardAssignmentExprSyntax?
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count == 3, let underscore = elements[0].as(DiscardAssignmentExprSyntax.self),
                elements[1].is(AssignmentExprSyntax.self)
            else { return nil }
            discard = underscore
            chain = elements[2]
        }
        let calls = Self.calls(of: chain)
        guard let index = calls.firstIndex(where: { Self.subscriberNames.contains(Self.name(of: $0) ?? "") }) else {
            return nil
        }
        self.item = item
        self.discard = discard
        self.chain = chain
        self.subscriber = calls[index]
        isDropped = index == 0
        if index == 1, Self.name(of: calls[0]) == "disposed", let argument = calls[0].arguments.first,
            argument.label?.text == "by"
        {
            bagArgument = argument.expression
        } else {
            bagArgument = nil
        }
    }

    /// The calls of a member chain, outermost (last written) first.
    static func calls(of expression: ExprSyntax) -> [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        var current: ExprSyntax? = expression
        while let expression = current {
            if let call = expression.as(FunctionCallExprSyntax.self) {
                calls.append(call)
                current = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            } else if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else if let optional = expression.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else {
                current = nil
            }
        }
        return calls
    }

    /// `subscribe` for `x.subscribe(…)`.
    static func name(of call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The subscriber's closures, labelled arguments and trailing ones alike.
    var handlerClosures: [ClosureExprSyntax] {
        var closures = subscriber.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = subscriber.trailingClosure { closures.append(trailing) }
        closures += subscriber.additionalTrailingClosures.map(\.closure)
        return closures
    }
}
