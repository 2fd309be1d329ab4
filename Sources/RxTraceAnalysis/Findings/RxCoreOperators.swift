import RxTraceReport

/// What `OperatorNames` knows about RxCore's own types, read from RxCore's sources (checked by
/// `OperatorNamesTests` against live chains).
enum RxCoreOperators {
    /// Producer (and non-producer `Observable` subclass) types → the public APIs that create
    /// them. Several APIs for one type are only told apart by a live producer's allocation
    /// stack; this table is the fallback when none is alive.
    static let apisByProducer: [String: [String]] = [
        "Amb": ["amb"], "AndThen": ["andThen"], "AnonymousObservable": ["create"], "AsMaybe": ["asMaybe"],
        "AsSingle": ["asSingle"], "BufferTimeCount": ["buffer(timeSpan:)"], "Catch": ["catch", "catchAndReturn"],
        "CatchSequence": ["catch"], "CombineLatestCollection": ["combineLatest"], "CompactMap": ["compactMap"],
        "Concat": ["concat"], "ConnectableObservableAdapter": ["multicast", "publish", "replay"],
        "Debounce": ["debounce"],
        "Debug": ["debug"], "DefaultIfEmpty": ["ifEmpty(default:)"], "Deferred": ["deferred"], "Delay": ["delay"],
        "DelaySubscription": ["delaySubscription"], "Dematerialize": ["dematerialize"],
        "DistinctUntilChanged": ["distinctUntilChanged"], "Do": ["do"], "ElementAt": ["element(at:)"],
        "Enumerated": ["enumerated"], "ErrorProducer": ["error"], "Filter": ["filter"], "First": ["first"],
        "FlatMap": ["flatMap", "flatMapFirst", "merge"], "FlatMapLatest": ["flatMapLatest", "switchLatest"],
        "Generate": ["generate(initialState:)"], "GroupBy": ["groupBy(keySelector:)"],
        "IgnoreElements": ["ignoreElements"],
        "Just": ["just"], "JustScheduled": ["just"], "Map": ["map"], "Materialize": ["materialize"],
        "MergeArray": ["merge"],
        "MergeLimited": ["concat", "concatMap", "merge(maxConcurrent:)"], "Multicast": ["multicast"],
        "NeverProducer": ["never"], "ObservableOptional": ["from(optional:)"],
        "ObservableOptionalScheduled": ["from(optional:)"],
        "ObservableSequence": ["from", "of"], "ObserveOn": ["observe(on:)"],
        "ObserveOnSerialDispatchQueue": ["observe(on:)"],
        "RangeProducer": ["range(start:)"], "Reduce": ["reduce"], "RefCount": ["refCount"],
        "RepeatElement": ["repeatElement"],
        "Retry": ["retry"], "RetryWhen": ["retry(when:)"], "Sample": ["sample"], "Scan": ["scan", "scan(into:)"],
        "ShareWhileConnected": ["share(replay:)"], "SingleElement": ["single"], "SkipCount": ["skip"],
        "SkipTime": ["skip(for:)"],
        "SkipUntil": ["skip(until:)"], "SkipWhile": ["skip(while:)"], "StartWith": ["startWith"],
        "SubscribeOn": ["subscribe(on:)"],
        "SwitchIfEmpty": ["ifEmpty(switchTo:)"], "TakeCount": ["take"], "TakeLast": ["takeLast"],
        "TakeTime": ["take(for:)"],
        "TakeUntil": ["take(until:)"], "TakeUntilPredicate": ["take(until:)", "take(while:)"], "Throttle": ["throttle"],
        "Timeout": ["timeout"], "Timer": ["interval", "timer"], "ToArray": ["toArray"], "Using": ["using"],
        "WindowTimeCount": ["window(timeSpan:)"], "WithLatestFrom": ["withLatestFrom"],
        "WithUnretained": ["withUnretained"],
        "ZipCollection": ["zip"],
        "CombineLatest2": ["combineLatest"], "CombineLatest3": ["combineLatest"], "CombineLatest4": ["combineLatest"],
        "CombineLatest5": ["combineLatest"], "CombineLatest6": ["combineLatest"], "CombineLatest7": ["combineLatest"],
        "CombineLatest8": ["combineLatest"],
        "Zip2": ["zip"], "Zip3": ["zip"], "Zip4": ["zip"], "Zip5": ["zip"], "Zip6": ["zip"], "Zip7": ["zip"],
        "Zip8": ["zip"],
    ]

    static func apis(ofProducer type: String) -> Set<String> {
        Set(apisByProducer[type] ?? [])
    }

    static func isProducer(_ type: String) -> Bool { apisByProducer[type] != nil }

    /// Types and protocols whose methods are the public API (`ObservableType.map`,
    /// `static ObservableType<>.interval`, `ObserverType.onNext`).
    static let apiTypes: Set<String> = [
        "ObservableType", "ObservableConvertibleType", "ObserverType", "InfallibleType", "Infallible",
        "PrimitiveSequenceType", "PrimitiveSequence", "Observable", "ConnectableObservableType", "Disposable",
        "DisposeBag", "BehaviorRelay", "PublishRelay", "ReplayRelay", "Reactive", "Binder", "AsyncSequence",
        // RxCocoa's traits: `asDriver(onErrorJustReturn:)`, Driver's `map`, `drive`, `emit`.
        "SharedSequenceConvertibleType", "SharedSequence", "ControlPropertyType", "ControlProperty",
        "ControlEventType", "ControlEvent",
    ]

    static func isAPIType(_ type: String?) -> Bool { type.map(apiTypes.contains) ?? false }

    /// RxCocoa's sharing strategies, whose `share` wraps the output of every Driver and Signal
    /// operator (`share(replay: 1, scope: .whileConnected)` for Driver).
    static let sharingStrategyTypes: Set<String> = [
        "DriverSharingStrategy", "SignalSharingStrategy", "SharingStrategyProtocol",
    ]

    static func isSharingStrategy(_ type: String?) -> Bool { type.map(sharingStrategyTypes.contains) ?? false }

    /// Base classes whose initialisers and methods run inside every sink, producer or disposable.
    static let baseClasses: Set<String> = [
        "Sink", "Producer", "ObserverBase", "DisposeBase", "Observable", "TailRecursiveSink", "SinkForward",
        "MergeSinkBase", "CombineLatestSink", "ZipSink", "ElementSink", "PassThroughSink", "LockedElementSink",
        "OnlyElementSink", "Receiver",
        "PassThroughContinuation",
    ]

    /// Subjects and relays: their `on` delivers the user's own events, not an operator's.
    static let subjectTypes: Set<String> = [
        "PublishSubject", "BehaviorSubject", "ReplaySubject", "ReplayBuffer", "AsyncSubject",
        "PublishRelay", "BehaviorRelay", "ReplayRelay", "Variable",
    ]
}
