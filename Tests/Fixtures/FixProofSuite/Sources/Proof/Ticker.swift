import RxSwift

/// One ticker for the whole process: whatever subscribes to it stays subscribed until disposed.
public final class Ticker {
    public static let shared = Ticker()
    public let values = PublishSubject<Int>()

    private init() {}
}
