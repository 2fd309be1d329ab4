/// The debug-build check for overlapping calls into a subject (RxSwift's `SynchronizationTracker`);
/// empty and free in release builds. A struct with an inlinable `run`, so a subject's inlinable
/// `onNext` stays specialisable in the client; the `#if` is decided when RxCore compiles.
@usableFromInline
struct SubjectCallCheck {
    #if DEBUG
    private let tracker = SynchronizationTracker()
    #endif

    @usableFromInline
    init() {}

    /// Runs `body` as one call into the subject.
    @inlinable @inline(__always)
    func run(_ body: () -> Void) {
        #if DEBUG
        tracked(body)
        #else
        body()
        #endif
    }

    #if DEBUG
    @usableFromInline
    func tracked(_ body: () -> Void) {
        tracker.tracking(body)
    }
    #endif
}
