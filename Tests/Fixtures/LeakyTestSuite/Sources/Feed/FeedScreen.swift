import RxSwift

/// A screen that shows the service's updates.
public final class FeedScreen {
    public private(set) var titles: [String] = []
    private let service: FeedService
    private let disposeBag = DisposeBag()

    public init(service: FeedService = .shared) {
        self.service = service
    }

    /// Leaks: the subscription is never disposed, and the service outlives the screen.
    public func startLeaking() {
        _ = service.updates.subscribe(onNext: { [weak self] titles in self?.titles = titles })
    }

    /// Clean: the subscription ends with the screen's bag.
    public func start() {
        service.updates.subscribe(onNext: { [weak self] titles in self?.titles = titles }).disposed(by: disposeBag)
    }
}

/// Counts ticks of a timer it never stops.
public final class TickCounter {
    public private(set) var ticks = 0
    public init() {}

    public func start(on scheduler: SchedulerType) {
        _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(onNext: { [weak self] _ in
            self?.ticks += 1
        })
    }
}

/// Counts a stream's elements, and keeps itself alive: its closure captures `self` strongly and
/// its own bag keeps the subscription (a reference cycle).
public final class CyclicCounter {
    public private(set) var count = 0
    private let disposeBag = DisposeBag()

    public init(values: Observable<Int>) {
        values.subscribe(onNext: { _ in self.count += 1 }).disposed(by: disposeBag)
    }
}
