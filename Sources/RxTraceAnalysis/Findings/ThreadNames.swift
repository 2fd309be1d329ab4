import RxTraceReport

/// A thread's name as a person recognises it. Linux keeps 15 bytes of a thread's name, and
/// libdispatch names each of its worker threads after the last 15 characters of its root
/// queue's label, so the name read back is a fragment (`oot.default-qos` for
/// `com.apple.root.default-qos`). A fragment that one root queue's label ends with is shown as
/// that label; one several labels end with (`-qos.overcommit`) as a dispatch worker thread.
/// Any other name is shown as it is.
public enum ThreadNames {
    /// libdispatch's global (root) queues, whose worker threads run every dispatch queue's work.
    static let dispatchRootQueueLabels: [String] = [
        "maintenance", "background", "utility", "default", "user-initiated", "user-interactive",
    ]
    .flatMap { ["com.apple.root.\($0)-qos", "com.apple.root.\($0)-qos.overcommit"] }

    /// The bytes of a name Linux keeps (`TASK_COMM_LEN` 16, with the terminating zero).
    static let kernelNameLength = 15

    /// `name` as a report shows it; `number` tells apart dispatch worker threads whose root
    /// queue is not known (the thread's index in the hop report, or its kernel id).
    public static func readable(_ name: String, number: Int?) -> String {
        guard name.utf8.count == kernelNameLength else { return name }
        let labels = dispatchRootQueueLabels.filter { $0.utf8.count > kernelNameLength && $0.hasSuffix(name) }
        if labels.count == 1 { return labels[0] }
        if labels.isEmpty { return name }
        return "dispatch worker thread" + (number.map { " #\($0)" } ?? "")
    }
}
