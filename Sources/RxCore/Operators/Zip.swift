// zip: the sources' elements are buffered per source and combined by index: the first element
// of each source, then the second of each, and so on. The fixed-arity forms are generated into
// Zip+arity.swift (Tools/codegen/arity.py); the collection forms are in Zip+Collection.swift.
// One lock per subscription serialises sources that run on different threads.
//
// Termination, as in RxSwift 6: the first error of any source (or of the result selector) ends
// the result; the fixed-arity forms complete once every source has completed.

@usableFromInline
class ZipSink<Result>: Sink<Never, Receiver<Result>>, IndexedSourceParent {
    let lock = RecursiveLock()

    private let arity: Int
    // Guarded by `lock` (`done` runs only under it), and no access spans a call out: no runtime
    // exclusivity check needed.
    @exclusivity(unchecked) private var isDone: [Bool]

    init(arity: Int, observer: Receiver<Result>) {
        self.arity = arity
        isDone = [Bool](repeating: false, count: arity)
        super.init(observer: observer)
    }

    /// Whether source `index` has a buffered element.
    func hasElements(_ index: Int) -> Bool {
        rxAbstractMethod()
    }

    /// Takes the oldest buffered element of every source and combines them.
    func getResult() throws -> Result {
        rxAbstractMethod()
    }

    func next(_ index: Int) {
        for source in 0..<arity where !hasElements(source) {
            return
        }
        do {
            forwardNext(try getResult())
        } catch let error {
            forwardError(error)
            dispose()
        }
    }

    func fail(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    func done(_ index: Int) {
        isDone[index] = true
        if isDone.allSatisfy({ $0 }) {
            forwardCompleted()
            dispose()
        }
    }
}
