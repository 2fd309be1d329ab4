extension ObservableType {
    /// Creates a resource for each subscription and disposes it when the subscription ends.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

private final class UsingSink<ResourceType: Disposable, SourceType>: PassThroughSink<SourceType> {
    typealias Parent = Using<SourceType, ResourceType>

    private let parent: Parent

    init(parent: Parent, observer: Receiver<SourceType>) {
        self.parent = parent
        super.init(observer: observer)
    }

    func run() -> Disposable {
        var disposable = Disposables.create()
        do {
            let resource = try parent.resourceFactory()
            disposable = resource
            let source = try parent.observableFactory(resource)
            return Disposables.create(source.subscribeReceiver(self), disposable)
        } catch let error {
            return Disposables.create(Observable.error(error).subscribeReceiver(self), disposable)
        }
    }
}

private final class Using<SourceType, ResourceType: Disposable>: Producer<SourceType> {
    typealias ResourceFactory = () throws -> ResourceType
    typealias ObservableFactory = (ResourceType) throws -> Observable<SourceType>

    fileprivate let resourceFactory: ResourceFactory
    fileprivate let observableFactory: ObservableFactory

    init(resourceFactory: @escaping ResourceFactory, observableFactory: @escaping ObservableFactory) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = UsingSink(parent: self, observer: observer)
        return sink.disposer(owning: sink.run()) ?? sink
    }
}
