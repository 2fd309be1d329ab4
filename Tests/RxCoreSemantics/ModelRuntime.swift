/// The reference model's runtime: a virtual clock, subscriptions that know when they end, and
/// the marble sources. It is written from the ReactiveX contract (an observer gets `next*` then at
/// most one terminal event; whoever stops listening disposes; disposal is idempotent and stops
/// delivery at once), single-threaded and without any optimisation, so each operator reads as
/// its specification.

/// The model's clock and its queue of timed actions, ordered by time only.
///
/// Two actions due at the same tick would need an order, and which one goes first on a real
/// scheduler depends on when each was scheduled, an implementation detail no contract fixes.
/// So the model refuses such programs: `isAmbiguous` becomes true and the program is skipped
/// (the generator spreads its times so this stays rare).
final class ModelWorld {
    private struct Item {
        let time: Int
        let action: () -> Void
        let cancel: ModelDisposable
    }

    private(set) var now = 0
    private(set) var isAmbiguous = false
    private var items: [Item] = []

    /// Runs `action` at `time` unless the returned disposable is disposed first.
    @discardableResult
    func schedule(at time: Int, _ action: @escaping () -> Void) -> ModelDisposable {
        precondition(time > now, "the model schedules into the future only")
        let cancel = ModelDisposable()
        items.append(Item(time: time, action: action, cancel: cancel))
        return cancel
    }

    func schedule(after delay: Int, _ action: @escaping () -> Void) -> ModelDisposable {
        schedule(at: now + delay, action)
    }

    /// Runs every action in time order until the queue is empty.
    func run() {
        while true {
            items.removeAll { $0.cancel.isDisposed }
            guard let time = items.map(\.time).min() else { return }
            let due = items.filter { $0.time == time }
            if due.count > 1 { isAmbiguous = true }
            items.removeAll { $0.time == time }
            now = time
            for item in due where !item.cancel.isDisposed {
                item.action()
            }
        }
    }
}

/// A subscription's disposal: runs its actions once, the first time it is disposed; an action
/// added afterwards runs at once (a subscription made after its owner stopped ends there).
final class ModelDisposable {
    private var actions: [() -> Void] = []
    private(set) var isDisposed = false

    init() {}

    init(_ action: @escaping () -> Void) {
        actions = [action]
    }

    func add(_ action: @escaping () -> Void) {
        if isDisposed {
            action()
        } else {
            actions.append(action)
        }
    }

    func add(_ other: ModelDisposable) {
        add { other.dispose() }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let pending = actions
        actions = []
        for action in pending { action() }
    }
}

typealias ModelObserver = (SemanticEvent) -> Void

/// A model observable: what happens when something subscribes.
struct ModelObservable {
    let subscribe: (@escaping ModelObserver) -> ModelDisposable
}

/// An operator's side of one subscription: forwards to its observer until a terminal event or
/// disposal, and on a terminal event releases everything it subscribed to (the contract's
/// "an operator that stops, unsubscribes from its sources").
final class Downstream {
    private let observer: ModelObserver
    let lifetime = ModelDisposable()
    private var isStopped = false

    init(_ observer: @escaping ModelObserver) {
        self.observer = observer
    }

    var isActive: Bool { !isStopped && !lifetime.isDisposed }

    func on(_ event: SemanticEvent) {
        guard isActive else { return }
        if event.isStop {
            isStopped = true
            observer(event)
            lifetime.dispose()
        } else {
            observer(event)
        }
    }

    /// Subscribes to `source`; the subscription ends when this one does.
    @discardableResult
    func subscribe(_ source: ModelObservable, _ observer: @escaping ModelObserver) -> ModelDisposable {
        let subscription = source.subscribe(observer)
        lifetime.add(subscription)
        return subscription
    }

    /// Subscribes to `source` through a subscription of its own, handed to `observer` with each
    /// event: it ends with this one, and the operator can end it alone (a finished source, a
    /// replaced inner sequence), even from an event sent while it is being made.
    @discardableResult
    func subscribeOwn(
        _ source: ModelObservable,
        _ observer: @escaping (SemanticEvent, ModelDisposable) -> Void
    ) -> ModelDisposable {
        let subscription = ModelDisposable()
        lifetime.add(subscription)
        subscription.add(source.subscribe { observer($0, subscription) })
        return subscription
    }
}

/// A marble source that logs its subscriptions as the test observables do.
final class ModelSource {
    private let world: ModelWorld
    private let marble: Marble
    private var observers: [(id: Int, observer: ModelObserver)] = []
    private var nextId = 0
    private(set) var log: [SubscriptionInterval] = []

    init(world: ModelWorld, marble: Marble) {
        self.world = world
        self.marble = marble
        if marble.isHot {
            for recorded in marble.events {
                world.schedule(at: recorded.time) { [unowned self] in
                    for entry in self.observers { entry.observer(recorded.event) }
                }
            }
        }
    }

    /// The source as `asObservable()` gives it (RxSwift's default: `Observable.create` over the
    /// test observable), so like every operator it ends its subscription at a terminal event.
    var observable: ModelObservable {
        ModelObservable { [unowned self] observer in
            let downstream = Downstream(observer)
            downstream.subscribe(self.testObservable, downstream.on)
            return downstream.lifetime
        }
    }

    /// The test observable itself: its subscription ends only when disposed.
    private var testObservable: ModelObservable {
        ModelObservable { [unowned self] observer in
            let index = self.log.count
            self.log.append(SubscriptionInterval(subscribe: self.world.now, unsubscribe: nil))
            let subscription = ModelDisposable { [unowned self] in
                self.log[index].unsubscribe = self.world.now
            }
            if self.marble.isHot {
                let id = self.nextId
                self.nextId += 1
                self.observers.append((id, observer))
                subscription.add { [unowned self] in self.observers.removeAll { $0.id == id } }
            } else {
                for recorded in self.marble.events {
                    subscription.add(self.world.schedule(after: recorded.time) { observer(recorded.event) })
                }
            }
            return subscription
        }
    }
}

/// Runs actions one at a time: one asked for while another runs waits until it returns (the
/// AsyncLock of RxSwift's TailRecursiveSink, single-threaded).
final class ModelGate {
    private var isRunning = false
    private var pending: [() -> Void] = []

    func run(_ action: @escaping () -> Void) {
        pending.append(action)
        guard !isRunning else { return }
        isRunning = true
        while !pending.isEmpty { pending.removeFirst()() }
        isRunning = false
    }
}
