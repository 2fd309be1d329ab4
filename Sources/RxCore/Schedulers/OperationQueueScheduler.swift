import Foundation

/// Runs work as operations on an `OperationQueue`.
public class OperationQueueScheduler: ImmediateSchedulerType, SchedulerLabeled {
    public let operationQueue: OperationQueue
    public let queuePriority: Operation.QueuePriority
    #if TRACE_RESOURCES
    private let mark = SchedulerMark()
    #endif

    public var schedulerLabel: String { "OperationQueueScheduler(\(operationQueue.name ?? "unnamed"))" }

    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
        #if TRACE_RESOURCES
        mark.name(schedulerLabel, isSerial: operationQueue.maxConcurrentOperationCount == 1)
        #endif
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        #if TRACE_RESOURCES
        let token = PendingWorkToken(mark)
        #endif
        let operation = BlockOperation {
            #if TRACE_RESOURCES
            defer { token.finish() }
            #endif
            if cancel.isDisposed { return }
            #if TRACE_RESOURCES
            cancel.setDisposable(self.mark.run { action(state) })
            #else
            cancel.setDisposable(action(state))
            #endif
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
