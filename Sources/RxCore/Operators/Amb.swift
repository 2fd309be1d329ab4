extension ObservableType {
    /// Mirrors whichever sequence reacts first (any event, a terminal one included); the others
    /// are disposed at that moment. Sequences are subscribed in order.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { winnerSoFar, next in
            winnerSoFar.amb(next)
        }
    }

    /// Mirrors this sequence or `right`, whichever reacts first; the other is disposed then.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Amb(left: asObservable(), right: right.asObservable())
    }
}

private enum AmbSide {
    case left, right
}

private final class AmbSink<Element>: Sink<Never, Receiver<Element>> {
    private let lock = RecursiveLock()
    // Guarded by `lock`: nil until one side reacted.
    private var winner: AmbSide?

    private let leftSubscription = SingleAssignmentDisposable()
    private let rightSubscription = SingleAssignmentDisposable()

    func run(left: Observable<Element>, right: Observable<Element>) -> Disposable {
        let leftObserver = AmbObserver(parent: self, side: .left)
        let rightObserver = AmbObserver(parent: self, side: .right)
        leftSubscription.setDisposable(left.subscribeReceiver(leftObserver))
        rightSubscription.setDisposable(right.subscribeReceiver(rightObserver))
        return Disposables.create(leftSubscription, rightSubscription)
    }

    /// Called under `lock`: whether `side` is the winner, deciding it (and disposing the other
    /// side) if neither has reacted yet.
    private func claim(_ side: AmbSide) -> Bool {
        if winner == nil {
            winner = side
            (side == .left ? rightSubscription : leftSubscription).dispose()
        }
        return winner == side
    }

    fileprivate func receiveNext(_ element: Element, from side: AmbSide) {
        lock.performLocked {
            guard claim(side) else { return }
            forwardNext(element)
        }
    }

    fileprivate func receiveError(_ error: Swift.Error, from side: AmbSide) {
        lock.performLocked {
            guard claim(side) else { return }
            forwardError(error)
            dispose()
        }
    }

    fileprivate func receiveCompleted(from side: AmbSide) {
        lock.performLocked {
            guard claim(side) else { return }
            forwardCompleted()
            dispose()
        }
    }
}

private final class AmbObserver<Element>: Receiver<Element> {
    private let parent: AmbSink<Element>
    private let side: AmbSide

    init(parent: AmbSink<Element>, side: AmbSide) {
        self.parent = parent
        self.side = side
        super.init()
        #if TRACE_RESOURCES
        Resources.track(self, kind: .observer)
        #endif
    }

    override func receiveNext(_ element: Element) {
        parent.receiveNext(element, from: side)
    }

    override func receiveError(_ error: Swift.Error) {
        parent.receiveError(error, from: side)
    }

    override func receiveCompleted() {
        parent.receiveCompleted(from: side)
    }

    deinit {
        #if TRACE_RESOURCES
        Resources.untrack(self)
        #endif
    }
}

private final class Amb<Element>: Producer<Element> {
    private let left: Observable<Element>
    private let right: Observable<Element>

    init(left: Observable<Element>, right: Observable<Element>) {
        self.left = left
        self.right = right
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = AmbSink(observer: observer)
        return sink.disposer(owning: sink.run(left: left, right: right)) ?? sink
    }
}
