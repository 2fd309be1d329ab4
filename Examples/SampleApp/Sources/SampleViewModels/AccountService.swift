import Foundation
import RxSwift

/// The back end a view model talks to.
public protocol AccountService {
    func signIn(user: String, password: String) -> Single<Bool>
    func search(_ query: String) -> Observable<[String]>
}

/// An in-memory back end: one account, and a fixed list of names to search.
public final class InMemoryAccountService: AccountService {
    private let names: [String]
    private let scheduler: ImmediateSchedulerType

    public init(names: [String], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) {
        self.names = names
        self.scheduler = scheduler
    }

    public func signIn(user: String, password: String) -> Single<Bool> {
        Single.just(user == "ada" && password == "lovelace", scheduler: scheduler)
    }

    public func search(_ query: String) -> Observable<[String]> {
        if query == "!" {
            return Observable.error(SearchError.invalidQuery)
        }
        let matches = names.filter { $0.lowercased().hasPrefix(query.lowercased()) }
        return Observable.just(matches, scheduler: scheduler)
    }
}

public enum SearchError: Error {
    case invalidQuery
}
