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
/// `Counter` (one relaxed store per change) and takes a slot in the table once, at its first
/// observer, which it frees in its deinit; the table is read only when `observersBySubjectType`
/// is asked for. Slots are reused, so entering and leaving hash nothing (a dictionary keyed by
/// the subject cost about 700 instructions per subject, most of a traced
/// `PublishSubject`'s create, subscribe and dispose). The table and its lock live in memory made
/// once: as static stored properties every access paid the runtime's exclusivity check. A subject
/// leaves under the table's lock, so the table's unowned references are always to live (or still
/// deinitialising) objects while the lock is held, and a dead subject never counts.
public enum SubjectActivity {
    private struct Record {
        unowned(unsafe) let subject: any ObserverCountReporting
    }

    private struct Table {
        var records: [Record?] = []
        var free: [Int] = []
    }

    /// Made once, never freed. The lock and the table are in separate memory: ThreadSanitizer
    /// models an access to a struct behind a pointer as touching all of it, lock included.
    private static let lock: UnsafeMutablePointer<InlineSpinLock> = {
        let lock = UnsafeMutablePointer<InlineSpinLock>.allocate(capacity: 1)
        lock.initialize(to: InlineSpinLock())
        return lock
    }()
    private static let table: UnsafeMutablePointer<Table> = {
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        table.initialize(to: Table())
        return table
    }()

    private static func withTable<Result>(_ body: (inout Table) -> Result) -> Result {
        let lock = lock
        let table = table
        lock.pointee.lock()
        defer { lock.pointee.unlock() }
        return body(&table.pointee)
    }

    /// Observers held by live subjects, summed by subject type name (`PublishSubject<Int>`);
    /// types whose live subjects hold none are left out.
    public static var observersBySubjectType: [String: Int] {
        // Summed by type under the (spin) lock; the names are made after it.
        var byType: [ObjectIdentifier: (type: Any.Type, observers: Int)] = [:]
        withTable { table in
            for case let record? in table.records {
                let observers = record.subject.observerCountForActivity
                guard observers > 0 else { continue }
                let subjectType = type(of: record.subject)
                byType[ObjectIdentifier(subjectType), default: (subjectType, 0)].observers += observers
            }
        }
        var totals: [String: Int] = [:]
        for entry in byType.values { totals[String(describing: entry.type), default: 0] += entry.observers }
        return totals
    }

    /// Gives `subject` a slot in the table; returns it.
    private static func enter(_ subject: any ObserverCountReporting) -> Int {
        withTable { table in
            let record = Record(subject: subject)
            if let slot = table.free.popLast() {
                table.records[slot] = record
                return slot
            }
            table.records.append(record)
            return table.records.count - 1
        }
    }

    private static func leave(slot: Int) {
        withTable { table in
            table.records[slot] = nil
            table.free.append(slot)
        }
    }

    /// Stored inline in each subject (traced builds): its observer count, and its slot in the
    /// table once it has one. Changed only under the subject's lock; read from any thread.
    struct Counter: ~Copyable, @unchecked Sendable {
        private let count = Atomic<Int>(0)
        /// The subject's slot + 1; 0 until it is entered.
        private let slot = Atomic<Int>(0)

        init() {}

        var observers: Int { count.load(ordering: .relaxed) }

        /// Call with the subject's lock held, after its observer list changed. Enters the
        /// subject in the table at its first observer: the subject becomes an existential only
        /// then (its conformance's witness table is looked up at run time, so not on every
        /// change).
        @inline(__always)
        func observerCountChanged(to observers: Int, of subject: @autoclosure () -> any ObserverCountReporting) {
            count.store(observers, ordering: .relaxed)
            if observers > 0 && slot.load(ordering: .relaxed) == 0 {
                slot.store(SubjectActivity.enter(subject()) + 1, ordering: .relaxed)
            }
        }

        /// Call from the subject's deinit: its observers no longer count.
        func subjectDeinitialized() {
            let slot = slot.load(ordering: .relaxed)
            if slot != 0 { SubjectActivity.leave(slot: slot - 1) }
        }
    }
}
#endif
