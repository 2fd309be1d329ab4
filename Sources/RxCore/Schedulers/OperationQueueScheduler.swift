import Foundation

/// Runs work as operations on an `OperationQueue`.
public class OperationQueueScheduler: ImmediateSchedulerType, SchedulerLabeled {
    public let operationQueue: OperationQueue
    public let queuePriority: Operation.QueuePriority

    public var schedulerLabel: String { "OperationQueueScheduler(\(operationQueue.name ?? "unnamed"))" }

    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        #if TRACE_RESOURCES
        let token = PendingWorkToken()
        #endif
        let operation = BlockOperation {
            #if TRACE_RESOURCES
            defer { token.finish() }
            #endif
            if cancel.isDisposed { return }
            cancel.setDisposable(action(state))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
