// combineLatest: whenever any source emits, and once every source has emitted at least once,
// the latest element of each source is combined into one result. The fixed-arity forms are
// generated into CombineLatest+arity.swift (Tools/codegen/arity.py); the collection forms are in
// CombineLatest+Collection.swift. All share the bookkeeping below, under one lock per
// subscription so that sources on different threads are delivered one at a time.
//
// Termination, as in RxSwift 6:
// - the first error of any source (or of the result selector) ends the result;
// - the result completes when every source has completed, or earlier when a source emits while
//   every other source has already completed and some source never emitted (no result can
//   ever be produced then).

@usableFromInline
class CombineLatestSink<Output>: Sink<Never, Receiver<Output>>, IndexedSourceParent {
    let lock = RecursiveLock()

    private let arity: Int
    // Guarded by `lock` (`next` and `done` run only under it), and no access spans a call out:
    // no runtime exclusivity check needed.
    @exclusivity(unchecked) private var hasValue: [Bool]
    @exclusivity(unchecked) private var isDone: [Bool]
    @exclusivity(unchecked) private var numberOfValues = 0
    @exclusivity(unchecked) private var numberOfDone = 0

    init(arity: Int, observer: Receiver<Output>) {
        self.arity = arity
        hasValue = [Bool](repeating: false, count: arity)
        isDone = [Bool](repeating: false, count: arity)
        super.init(observer: observer)
    }

    /// Combines the latest value of every source (called once all have one).
    func getResult() throws -> Output {
        rxAbstractMethod()
    }

    func next(_ index: Int) {
        if !hasValue[index] {
            hasValue[index] = true
            numberOfValues += 1
        }

        if numberOfValues == arity {
            do {
                forwardNext(try getResult())
            } catch let error {
                forwardError(error)
                dispose()
            }
            return
        }

        // Some source has never emitted. If all the others are done, it never will be combined.
        var allOthersDone = true
        for other in 0..<arity where other != index && !isDone[other] {
            allOthersDone = false
            break
        }
        if allOthersDone {
            forwardCompleted()
            dispose()
        }
    }

    func fail(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    func done(_ index: Int) {
        if isDone[index] { return }
        isDone[index] = true
        numberOfDone += 1
        if numberOfDone == arity {
            forwardCompleted()
            dispose()
        }
    }
}
