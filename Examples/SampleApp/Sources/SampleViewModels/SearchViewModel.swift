import RxCocoa
import RxSwift

/// Search as you type: waits for a pause in typing, ignores repeats, shows the latest answer,
/// and an error shows as no results.
public final class SearchViewModel {
    public let results: Driver<[String]>
    public let isEmpty: Driver<Bool>

    public init(query: Driver<String>, service: AccountService) {
        results =
            query
            .debounce(.milliseconds(300))
            .distinctUntilChanged()
            .flatMapLatest { query in
                service.search(query).asDriver(onErrorJustReturn: [])
            }
        isEmpty = results.map { $0.isEmpty }
    }
}
