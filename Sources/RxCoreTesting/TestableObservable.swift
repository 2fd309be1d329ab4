import RxCore

/// An observable that plays recorded events and records its subscriptions.
public class TestableObservable<Element>: ObservableType {
    public typealias Events = Recorded<Event<Element>>

    /// When each observer subscribed and unsubscribed.
    public internal(set) var subscriptions: [Subscription]

    /// The events this observable plays.
    public let recordedEvents: [Events]

    let testScheduler: TestScheduler

    init(testScheduler: TestScheduler, recordedEvents: [Events]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
        self.subscriptions = []
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        fatalError("Abstract method")
    }
}

/// Plays its events at their absolute times, to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element> {
    private var observers: [(id: Int, observer: AnyObserver<Element>)] = []
    private var nextObserverId = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Events]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        for recordedEvent in recordedEvents {
            // Held strongly, as RxTest does: a hot observable plays its events whether or not
            // anyone keeps a reference to it.
            testScheduler.scheduleAt(recordedEvent.time) {
                for entry in self.observers {
                    entry.observer.on(recordedEvent.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let id = nextObserverId
        nextObserverId += 1
        observers.append((id, AnyObserver(observer)))
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1

        return Disposables.create {
            if let position = self.observers.firstIndex(where: { $0.id == id }) {
                self.observers.remove(at: position)
            }
            let existing = self.subscriptions[index]
            self.subscriptions[index] = Subscription(existing.subscribe, self.testScheduler.clock)
        }
    }
}

/// Plays its events relative to each subscription's time.
final class ColdObservable<Element>: TestableObservable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1

        // The scheduled events stay queued after disposal and only stop delivering, as in
        // RxTest: the virtual clock still advances through their times.
        var disposed = false
        for recordedEvent in recordedEvents {
            _ = testScheduler.scheduleRelativeVirtual((), dueTime: recordedEvent.time) { _ in
                if !disposed {
                    observer.on(recordedEvent.value)
                }
                return Disposables.create()
            }
        }

        return Disposables.create {
            disposed = true
            let existing = self.subscriptions[index]
            self.subscriptions[index] = Subscription(existing.subscribe, self.testScheduler.clock)
        }
    }
}
