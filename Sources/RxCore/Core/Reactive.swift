import Foundation

/// The `rx` namespace: extensions on `Reactive where Base: SomeType` add reactive members to
/// `SomeType` without polluting its own namespace (`session.rx.data(request:)`).
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The extended value.
    public let base: Base

    /// Wraps `base` for reactive extensions.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` of the (weakly held) base on the main thread.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type that has the `rx` namespace.
public protocol ReactiveCompatible {
    /// The type `rx` extends.
    associatedtype ReactiveBase

    @available(*, deprecated, renamed: "ReactiveBase")
    typealias CompatibleType = ReactiveBase

    /// Reactive extensions of the type itself.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// Reactive extensions of the value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // Setter only so that `rx` can be used on mutable receivers.
        // swiftlint:disable:next unused_setter_value
        set {}
    }

    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // Setter only so that `rx` can be used on mutable receivers.
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}

extension NSObject: ReactiveCompatible {}
