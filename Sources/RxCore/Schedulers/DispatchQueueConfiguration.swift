import Dispatch
import Foundation

/// The scheduling logic shared by the dispatch-queue schedulers.
struct DispatchQueueConfiguration {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval
    #if TRACE_RESOURCES
    /// The owning scheduler's label, marking the work it runs (named by the scheduler's init).
    let mark = SchedulerMark()
    #endif

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        #if TRACE_RESOURCES
        let token = PendingWorkToken(mark)
        #endif
        queue.async {
            #if TRACE_RESOURCES
            defer { token.finish() }
            #endif
            if cancel.isDisposed { return }
            #if TRACE_RESOURCES
            cancel.setDisposable(mark.run { action(state) })
            #else
            cancel.setDisposable(action(state))
            #endif
        }
        return cancel
    }

    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let deadline = DispatchTime.now() + dueTime
        let compositeDisposable = CompositeDisposable()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: deadline, leeway: leeway)
        #if TRACE_RESOURCES
        let mark = self.mark
        #endif

        #if TRACE_RESOURCES
        let token = PendingWorkToken(mark)
        #endif
        // The timer holds its handler, the handler holds the disposable: break that cycle on
        // cancel by dropping the only strong reference to the timer.
        var timerReference: DispatchSourceTimer? = timer
        let cancelTimer = Disposables.create {
            timerReference?.cancel()
            timerReference = nil
            #if TRACE_RESOURCES
            token.finish()
            #endif
        }

        timer.setEventHandler {
            if compositeDisposable.isDisposed { return }
            #if TRACE_RESOURCES
            _ = compositeDisposable.insert(mark.run { action(state) })
            #else
            _ = compositeDisposable.insert(action(state))
            #endif
            cancelTimer.dispose()
        }
        timer.resume()

        _ = compositeDisposable.insert(cancelTimer)
        return compositeDisposable
    }

    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let initial = DispatchTime.now() + startAfter
        var timerState = state
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: initial, repeating: period, leeway: leeway)
        #if TRACE_RESOURCES
        let mark = self.mark
        #endif

        #if TRACE_RESOURCES
        SchedulerActivity.periodicStarted(queue: queue.label)
        SchedulerActivity.periodicArmed(queue: queue.label, by: mark.id)
        #endif
        var timerReference: DispatchSourceTimer? = timer
        let cancelTimer = Disposables.create {
            timerReference?.cancel()
            timerReference = nil
            #if TRACE_RESOURCES
            SchedulerActivity.periodicStopped(queue: queue.label)
            #endif
        }

        timer.setEventHandler {
            if cancelTimer.isDisposed { return }
            #if TRACE_RESOURCES
            timerState = mark.run { action(timerState) }
            #else
            timerState = action(timerState)
            #endif
        }
        timer.resume()
        return cancelTimer
    }
}
