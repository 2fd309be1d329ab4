#if TRACE_RESOURCES
import Synchronization

/// A subject whose observer count `SubjectActivity` reads when asked.
protocol ObserverCountReporting: AnyObject {
    /// The subject's activity counter (`SubjectActivity.Counter`).
    var observerCountForActivity: Int { get }
}

/// How many observers each live subject holds, so rxtrace can tell that a leaked subscription
/// is kept alive by a subject's observer list.
///
/// Cheap on the subscribe path: each subject mirrors its observer count in its own atomic
/// `Counter` (one relaxed store per change) and is entered in the table once, at its first
/// observer; the table is read only when `observersBySubjectType` is asked for. (Before, every
/// subscribe and dispose took the table's lock and updated a `Dictionary` entry: about 1,100
/// instructions per subscription.) A subject leaves the table in its deinit, under the table's
/// lock, so the table's unowned references are always to live (or still deinitialising) objects
/// while the lock is held, and a dead subject never counts.
public enum SubjectActivity {
    private struct Record {
        unowned(unsafe) let subject: any ObserverCountReporting
    }

    private static let records = LockedValue<[ObjectIdentifier: Record]>([:])

    /// Observers held by live subjects, summed by subject type name (`PublishSubject<Int>`);
    /// types whose live subjects hold none are left out.
    public static var observersBySubjectType: [String: Int] {
        records.withLock { records in
            var totals: [String: Int] = [:]
            for record in records.values {
                let observers = record.subject.observerCountForActivity
                if observers > 0 {
                    totals[String(describing: type(of: record.subject)), default: 0] += observers
                }
            }
            return totals
        }
    }

    /// Enters `subject` in the table (once, when `Counter.observerCountChanged` says so).
    static func enter(_ subject: any ObserverCountReporting) {
        records.withLock { $0[ObjectIdentifier(subject)] = Record(subject: subject) }
    }

    private static func leave(_ subject: AnyObject) {
        _ = records.withLock { $0.removeValue(forKey: ObjectIdentifier(subject)) }
    }

    /// Stored inline in each subject (traced builds): its observer count, and whether the
    /// subject is in the table. Changed only under the subject's lock; read from any thread.
    struct Counter: ~Copyable, @unchecked Sendable {
        private let count = Atomic<Int>(0)
        private let entered = Atomic<Bool>(false)

        init() {}

        var observers: Int { count.load(ordering: .relaxed) }

        /// Call with the subject's lock held, after its observer list changed. Returns whether
        /// the subject must now be entered in the table (`SubjectActivity.enter`): the subject
        /// becomes an existential only then (its conformance's witness table is looked up at
        /// run time, so not on every change).
        func observerCountChanged(to observers: Int) -> Bool {
            count.store(observers, ordering: .relaxed)
            if observers > 0 && !entered.load(ordering: .relaxed) {
                entered.store(true, ordering: .relaxed)
                return true
            }
            return false
        }

        /// Call from the subject's deinit: its observers no longer count.
        func subjectDeinitialized(_ subject: AnyObject) {
            if entered.load(ordering: .relaxed) { SubjectActivity.leave(subject) }
        }
    }
}
#endif
