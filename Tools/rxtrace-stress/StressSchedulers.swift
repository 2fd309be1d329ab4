import Dispatch
import RxCore

/// The real schedulers every program draws from, made once for the whole run (before any
/// resource count is taken), so a program's stages meet on the same queues.
struct StressSchedulers {
    let serial: [SerialDispatchQueueScheduler]
    let concurrent: [ConcurrentDispatchQueueScheduler]

    init() {
        serial = (0..<StressProgram.serialSchedulerCount).map {
            SerialDispatchQueueScheduler(internalSerialQueueName: "stress.serial\($0)")
        }
        concurrent = (0..<StressProgram.concurrentSchedulerCount).map {
            ConcurrentDispatchQueueScheduler(
                queue: DispatchQueue(label: "stress.concurrent\($0)", attributes: .concurrent)
            )
        }
    }

    subscript(choice: SchedulerChoice) -> SchedulerType {
        switch choice {
        case .serial(let index): return serial[index]
        case .concurrent(let index): return concurrent[index]
        }
    }
}
