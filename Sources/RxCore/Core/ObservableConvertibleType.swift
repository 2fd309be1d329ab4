/// A type that can be converted into an `Observable` sequence.
public protocol ObservableConvertibleType {
    associatedtype Element
    func asObservable() -> Observable<Element>
}
