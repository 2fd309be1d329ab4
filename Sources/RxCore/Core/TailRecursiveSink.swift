import Foundation

#if DEBUG || TRACE_RESOURCES
/// The deepest iterator stack a tail-recursive operator (`concat`, `catch(sequence:)`) reached:
/// a diagnostic that shows whether nested sequences were flattened (RxSwift's tests read it).
/// Not synchronised, like RxSwift's: read it from tests that run one operator at a time.
public var maxTailRecursiveSinkStackSize = 0
#endif

/// The engine of operators that subscribe to a sequence of observables one after another
/// (`concat`, `catch(sequence:)`, `retry`): it subscribes to the next source when asked, and never
/// recurses into itself to do so.
///
/// A source that terminates synchronously while it is being subscribed asks for the next one
/// from inside that subscription. Doing so directly would grow the stack by one subscription
/// per source (and overflow on long or generated sequences), so requests made while a step is
/// running are only counted, and the running step performs them once it returns.
///
/// Sources that are themselves sequences of the same operator (`concat` of a `concat`) are
/// flattened into the iterator stack (`extract`), so nested definitions stay flat too.
class TailRecursiveSink<Sources: Sequence>: Sink<Sources.Element.Element, Receiver<Sources.Element.Element>>
where Sources.Element: ObservableConvertibleType {
    /// An iterator with, when known, how many elements it still has (so the stack can drop an
    /// iterator before its last source is subscribed: endless generated chains do not pile up).
    typealias SequenceGenerator = (iterator: Sources.Iterator, remaining: Int?)

    private var generators: [SequenceGenerator] = []
    private let currentSubscription = SerialDisposable()

    private let gate = NSLock()
    private var isStepping = false
    private var pendingSteps = 0
    private var isStopped = false

    /// Starts with `sources` and returns the disposable of the current inner subscription.
    func run(_ sources: SequenceGenerator) -> Disposable {
        generators.append(sources)
        moveNext()
        return currentSubscription
    }

    /// Subscribes to the next source (or calls `done()` when there is none). Called from inside
    /// a source's terminal event, it only queues the step.
    final func moveNext() {
        gate.lock()
        if isStopped {
            gate.unlock()
            return
        }
        if isStepping {
            pendingSteps += 1
            gate.unlock()
            return
        }
        isStepping = true
        gate.unlock()

        while true {
            step()
            gate.lock()
            if isStopped {
                isStepping = false
                pendingSteps = 0
                gate.unlock()
                generators.removeAll()
                return
            }
            if pendingSteps > 0 {
                pendingSteps -= 1
                gate.unlock()
                continue
            }
            isStepping = false
            gate.unlock()
            return
        }
    }

    private func step() {
        var next: Observable<Element>?

        while next == nil {
            guard let (iterator, remaining) = generators.popLast() else { break }
            var advanced = iterator
            guard let candidate = advanced.next()?.asObservable() else { continue }

            if let remaining {
                if remaining - 1 >= 1 {
                    generators.append((advanced, remaining - 1))
                }
            } else {
                generators.append((advanced, nil))
            }

            if let nested = extract(candidate) {
                generators.append(nested)
                #if DEBUG || TRACE_RESOURCES
                if maxTailRecursiveSinkStackSize < generators.count {
                    maxTailRecursiveSinkStackSize = generators.count
                }
                #endif
            } else {
                next = candidate
            }
        }

        guard let source = next else {
            done()
            return
        }

        let subscription = SingleAssignmentDisposable()
        currentSubscription.disposable = subscription
        subscription.setDisposable(subscribeToNext(source))
    }

    typealias Element = Sources.Element.Element

    /// Called when every source has been used up. Completes by default.
    func done() {
        forwardCompleted()
        dispose()
    }

    /// The iterator of `observable` when it is a sequence of the same operator, to be flattened.
    func extract(_ observable: Observable<Element>) -> SequenceGenerator? {
        rxAbstractMethod()
    }

    /// Subscribes this sink (or a proxy of it) to `source`.
    func subscribeToNext(_ source: Observable<Element>) -> Disposable {
        rxAbstractMethod()
    }

    override func dispose() {
        super.dispose()
        currentSubscription.dispose()

        gate.lock()
        let canRelease = !isStepping && !isStopped
        isStopped = true
        pendingSteps = 0
        if canRelease { isStepping = true }
        gate.unlock()

        // The generators may hold the remaining sources; release them unless a step is running
        // on another thread right now (that step releases them when it sees `isStopped`).
        if canRelease {
            generators.removeAll()
            gate.lock()
            isStepping = false
            gate.unlock()
        }
    }
}
