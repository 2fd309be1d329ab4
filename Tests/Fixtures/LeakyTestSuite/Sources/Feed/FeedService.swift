import RxRelay
import RxSwift

/// A long-lived service: one instance for the whole process, created the first time it is used.
public final class FeedService {
    public static let shared = FeedService()

    public let updates = PublishSubject<[String]>()
    public let unread = BehaviorRelay<Int>(value: 0)
    private let disposeBag = DisposeBag()

    private init() {
        // The service's own subscription, kept in its own bag: one-time state, not a leak.
        updates.map(\.count).bind(to: unread).disposed(by: disposeBag)
    }
}
