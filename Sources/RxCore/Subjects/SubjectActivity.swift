#if TRACE_RESOURCES
import Synchronization

/// How many observers each live subject holds, so rxtrace can tell that a leaked subscription
/// is kept alive by a subject's observer list. A subject removes its record in its deinit, so
/// the table needs no weak reference (forming one allocated a side table per subject on the
/// subscribe path) and a dead subject never counts.
public enum SubjectActivity {
    private struct Record {
        /// The name is resolved when read: `String(describing:)` on every first subscription
        /// cost a microsecond on the subscribe path.
        var type: AnyObject.Type
        var observers: Int
    }

    private static let records = LockedValue<[ObjectIdentifier: Record]>([:])

    /// Observers held by live subjects, summed by subject type name (`PublishSubject<Int>`).
    public static var observersBySubjectType: [String: Int] {
        records.withLock { records in
            var totals: [String: Int] = [:]
            for record in records.values {
                totals[String(describing: record.type), default: 0] += record.observers
            }
            return totals
        }
    }

    static func observerCountChanged(_ subject: AnyObject, to count: Int) {
        let key = ObjectIdentifier(subject)
        records.withLock { records in
            if count == 0 {
                records[key] = nil
            } else if records[key] != nil {
                records[key]!.observers = count
            } else {
                records[key] = Record(type: type(of: subject), observers: count)
            }
        }
    }

    /// Called from a subject's deinit: its observers no longer count.
    static func subjectDeinitialized(_ subject: AnyObject) {
        let key = ObjectIdentifier(subject)
        records.withLock { records in
            records[key] = nil
        }
    }
}
#endif
