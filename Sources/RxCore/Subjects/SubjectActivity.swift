#if TRACE_RESOURCES
import Synchronization

/// How many observers each live subject holds, so rxtrace can tell that a leaked subscription
/// is kept alive by a subject's observer list. Subjects are held weakly: a subject that is gone
/// no longer counts, whatever its list held when it died.
public enum SubjectActivity {
    private struct Record {
        weak var subject: AnyObject?
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
            for (key, record) in records {
                guard record.subject != nil else {
                    records[key] = nil
                    continue
                }
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
            } else if records[key]?.subject === subject {
                records[key]!.observers = count
            } else {
                records[key] = Record(subject: subject, type: type(of: subject), observers: count)
            }
        }
    }
}
#endif
