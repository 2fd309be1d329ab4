/// An observable that is also an observer: events sent to it are multicast to its subscribers.
public protocol SubjectType: ObservableType {
    associatedtype Observer: ObserverType
    /// The subject as an observer.
    func asObserver() -> Observer
}
