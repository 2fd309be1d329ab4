import SwiftSyntax

/// Where a statement sits: the function around it, the type that owns that function, and what
/// that type already has to end a subscription with (a `DisposeBag`, a deallocation signal).
struct OwnerScope {
    let function: DeclSyntax?
    let functionBody: CodeBlockSyntax?
    /// The type declaration (or extension) around the function.
    let typeDecl: DeclSyntax?
    /// True when the statement is inside a closure within the function.
    let isInClosure: Bool
    let file: SourceFileSyntax

    init(of node: some SyntaxProtocol, in file: SourceFileSyntax) {
        self.file = file
        var function: DeclSyntax?
        var body: CodeBlockSyntax?
        var typeDecl: DeclSyntax?
        var inClosure = false
        var current = node.parent
        while let node = current {
            if function == nil {
                if node.is(ClosureExprSyntax.self) { inClosure = true }
                if let decl = node.as(FunctionDeclSyntax.self) {
                    function = DeclSyntax(decl)
                    body = decl.body
                } else if let decl = node.as(InitializerDeclSyntax.self) {
                    function = DeclSyntax(decl)
                    body = decl.body
                }
            } else if typeDecl == nil, Self.isTypeDecl(node) {
                typeDecl = node.as(DeclSyntax.self)
            }
            current = node.parent
        }
        self.function = function
        self.functionBody = body
        self.typeDecl = typeDecl
        self.isInClosure = inClosure
    }

    static func isTypeDecl(_ node: Syntax) -> Bool {
        node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self) || node.is(ActorDeclSyntax.self)
            || node.is(ExtensionDeclSyntax.self) || node.is(EnumDeclSyntax.self)
    }

    var typeName: String? {
        guard let typeDecl else { return nil }
        if let decl = typeDecl.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = typeDecl.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = typeDecl.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = typeDecl.as(EnumDeclSyntax.self) { return decl.name.text }
        return typeDecl.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
    }

    /// The declaration that can take a new stored property: the type itself, or for an extension
    /// the type's own declaration when it is in the same file.
    var storageDecl: DeclSyntax? {
        guard let typeDecl else { return nil }
        if typeDecl.is(ExtensionDeclSyntax.self) {
            guard let name = typeName else { return nil }
            return Self.typeDecls(in: file).first { Self.name(of: $0) == name }
        }
        return typeDecl.is(EnumDeclSyntax.self) ? nil : typeDecl
    }

    /// Whether the owner is a reference type whose `self` can be captured weakly.
    var ownerIsReferenceType: Bool {
        guard let decl = storageDecl ?? typeDecl else { return false }
        return decl.is(ClassDeclSyntax.self) || decl.is(ActorDeclSyntax.self)
            || (decl.is(ExtensionDeclSyntax.self))
    }

    var isStaticFunction: Bool {
        let modifiers = function?.as(FunctionDeclSyntax.self)?.modifiers
        return modifiers?.contains { ["static", "class"].contains($0.name.text) } ?? false
    }

    /// A Swift Testing `@Test` function, or an XCTest `test…` method of an `XCTestCase` subclass.
    var isTest: Bool {
        guard let decl = function?.as(FunctionDeclSyntax.self) else { return false }
        let attributes = decl.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        if attributes.contains("Test") || attributes.contains("Testing.Test") { return true }
        guard decl.name.text.hasPrefix("test"), let type = typeDecl?.as(ClassDeclSyntax.self) else { return false }
        return type.inheritanceClause?.inheritedTypes.contains {
            $0.type.trimmedDescription.hasSuffix("XCTestCase")
        } ?? false
    }

    /// The members of the owner's declaration (and of its extension, when that is where we are).
    var members: [MemberBlockItemSyntax] {
        var decls: [DeclSyntax] = []
        if let storageDecl { decls.append(storageDecl) }
        if let typeDecl, typeDecl != storageDecl { decls.append(typeDecl) }
        return decls.flatMap { Self.memberBlock(of: $0).map { Array($0.members) } ?? [] }
    }

    /// The owner's stored `DisposeBag`, by name.
    var ownBag: String? {
        storedProperties.first { $0.isDisposeBag }?.name
    }

    /// A subject or relay the owner's `deinit` fires (`onNext`, `accept`, `onCompleted`): a signal
    /// that the owner is going away, for `take(until:)`.
    var deallocationSignal: String? {
        let properties = Set(storedProperties.map(\.name))
        for member in members {
            guard let deinitializer = member.decl.as(DeinitializerDeclSyntax.self), let body = deinitializer.body
            else { continue }
            for call in body.statements.compactMap({ $0.item.as(FunctionCallExprSyntax.self) }) {
                guard let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                    ["onNext", "accept", "onCompleted"].contains(access.declName.baseName.text),
                    let base = access.base
                else { continue }
                let name =
                    base.as(MemberAccessExprSyntax.self).flatMap { access in
                        access.base?.trimmedDescription == "self" ? access.declName.baseName.text : nil
                    } ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text
                if let name, properties.contains(name) { return name }
            }
        }
        return nil
    }

    /// The owner's instance methods by name, with their first parameter's label when they take one.
    func instanceMethod(named name: String) -> FunctionDeclSyntax? {
        members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { decl in
            decl.name.text == name && !decl.modifiers.contains { ["static", "class"].contains($0.name.text) }
        }
    }

    struct StoredProperty {
        var name: String
        var isDisposeBag: Bool
    }

    var storedProperties: [StoredProperty] {
        members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.filter { decl in
            !decl.modifiers.contains { ["static", "class"].contains($0.name.text) }
        }.flatMap { decl in
            decl.bindings.compactMap { binding -> StoredProperty? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                let type = binding.typeAnnotation?.type.trimmedDescription
                let value = binding.initializer?.value.trimmedDescription
                let isBag =
                    ["DisposeBag", "RxSwift.DisposeBag"].contains(type)
                    || ["DisposeBag()", "RxSwift.DisposeBag()"].contains(value)
                return StoredProperty(name: name, isDisposeBag: isBag)
            }
        }
    }

    static func memberBlock(of decl: DeclSyntax) -> MemberBlockSyntax? {
        if let decl = decl.as(ClassDeclSyntax.self) { return decl.memberBlock }
        if let decl = decl.as(StructDeclSyntax.self) { return decl.memberBlock }
        if let decl = decl.as(ActorDeclSyntax.self) { return decl.memberBlock }
        if let decl = decl.as(EnumDeclSyntax.self) { return decl.memberBlock }
        return decl.as(ExtensionDeclSyntax.self)?.memberBlock
    }

    static func name(of decl: DeclSyntax) -> String? {
        if let decl = decl.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = decl.as(StructDeclSyntax.self) { return decl.name.text }
        return decl.as(ActorDeclSyntax.self)?.name.text
    }

    static func typeDecls(in file: SourceFileSyntax) -> [DeclSyntax] {
        final class Collector: SyntaxVisitor {
            var decls: [DeclSyntax] = []
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
                decls.append(DeclSyntax(node))
                return .visitChildren
            }
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
                decls.append(DeclSyntax(node))
                return .visitChildren
            }
            override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
                decls.append(DeclSyntax(node))
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        return collector.decls
    }
}
