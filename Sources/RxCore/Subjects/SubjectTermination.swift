/// How a subject's sequence ended, stored without the element type. As an `Event<Element>?`
/// field it made each subject's deinit, and each subscription, look up `Event<Element>`'s
/// generic metadata at run time (the code that destroys or copies a field of a generic type
/// built from `Element` is not specialised: a deinit never is).
@usableFromInline
enum SubjectTermination {
    case completed
    case error(Swift.Error)

    @inlinable
    var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Delivers the terminal event to `receiver`.
    @inlinable
    func deliver<Element>(to receiver: Receiver<Element>) {
        switch self {
        case .completed: receiver.receiveCompleted()
        case .error(let error): receiver.receiveError(error)
        }
    }

    /// Delivers the terminal event to every subscriber in `observers`.
    @inlinable
    func deliver<Element>(to observers: ReceiverBag<Element>) {
        switch self {
        case .completed: observers.completed()
        case .error(let error): observers.error(error)
        }
    }
}
