#if TRACE_RESOURCES
import Foundation
import Synchronization
import CRxTraceThread

/// One sink's or observer's part of the thread-hop recording, stored inline in it.
///
/// The stage is interned once per subscription, through a per-thread cache (no lock when the
/// same code path subscribes again on the same place). Events of the kind the owner sees most
/// (`next` for sinks, `received` for observers) are counted here while they stay on one place
/// (thread + scheduler); a new place is marked as seen in the stage table at once, and the
/// counts, the subscription, the terminal event and the disposal are added in one locked update
/// when the owner is freed. Per event that is one thread-local load (`ThreadPlace`), two relaxed
/// loads and a store. Counts are exact for serial delivery; overlapping deliveries (an anomaly of
/// their own) may lose some, and counts of subscriptions still alive show once they end.
struct HopRecording: ~Copyable, @unchecked Sendable {
    private enum Flag {
        static let subscriberDownstream: UInt32 = 1
    }

    /// `lastPlace` before the first event: never a place (a thread index + 1 is never
    /// 0xFFFF_FFFF) and never 0 (the place word of a thread not registered yet), so the first
    /// event, and the first on a new thread, take the slow path.
    private static let noPlace: UInt64 = 0xFFFF_FFFF_FFFF_FFFF

    private let stageID = Atomic<UInt32>(0)
    private let flags = Atomic<UInt32>(0)
    private let subscribedPlace = Atomic<UInt64>(0)
    /// The place of the events counted in `pending`; `noPlace` before the first.
    private let lastPlace = Atomic<UInt64>(HopRecording.noPlace)
    private let pending = Atomic<UInt64>(0)
    private let terminalPlace = Atomic<UInt64>(0)
    private let disposedPlace = Atomic<UInt64>(0)

    @inline(__always) init() {}

    var stage: UInt32 { stageID.load(ordering: .relaxed) }
    var downstreamIsSubscriber: Bool { flags.load(ordering: .relaxed) & Flag.subscriberDownstream != 0 }

    /// Interns the stage of `owner`, an operator's sink or observer just created with
    /// `downstream` as its observer, and notes where it was subscribed.
    ///
    /// Its downstream stage is, in order: the subscriber created on this thread just before it
    /// (a chain's last operator), the operator whose `run` is subscribing it (synchronous
    /// subscription, including operators' private observers such as merge's), or the observer
    /// itself when it is a traced stage (a subscription moved to another thread by
    /// `subscribe(on:)`).
    ///
    /// Generic over the owner's class and inlined, passing on only its dynamic type: converting
    /// `self` in an initializer to `AnyObject` made the compiler retain and release it around the
    /// call, and a call generic over the owner looked up the generic metadata of the caller's
    /// own class (`Sink<Input, Observer>`) on every subscription.
    @inline(__always)
    func beginOperator<Owner: AnyObject>(owner: Owner, downstream: ReceiverBase, sinkStack: UInt32) {
        beginOperator(type: type(of: owner), downstream: downstream, sinkStack: sinkStack)
    }

    /// The same for a stage of `type` recorded without an object (`Just.run`).
    func beginOperator(type ownerType: AnyObject.Type, downstream: ReceiverBase, sinkStack: UInt32) {
        guard HopStageTable.isEnabled else { return }
        let state = HopThreadState.current
        var parent: UInt32 = 0
        var flagBits: UInt32 = 0
        if state.pointee.pendingSubscriber != 0, state.pointee.pendingSubscriberDepth == state.pointee.stackCount {
            parent = state.pointee.pendingSubscriber
            flagBits = Flag.subscriberDownstream
            state.pointee.pendingSubscriber = 0
        } else if state.pointee.stackCount > 0 {
            parent = state.pointee.subscribingStage
        } else {
            parent = downstream.hopStageID
            if downstream.hopIsSubscriber { flagBits = Flag.subscriberDownstream }
        }
        let inRun = state.pointee.runDepth > 0
        let id = intern(
            state,
            downstream: parent,
            type: ownerType,
            producerStack: inRun ? state.pointee.runningProducerStack : 0,
            producerType: inRun ? state.pointee.runningProducerType : nil,
            sinkStack: sinkStack
        )
        flags.store(flagBits, ordering: .relaxed)
        stageID.store(id, ordering: .relaxed)
        if id != 0 {
            startCountingIfMarked(state, stage: id)
            if state.pointee.runDepth > 0 { state.pointee.pushSubscribing(id) }
        }
    }

    /// When this thread knows the stage's frequent kind is marked at the current place, the
    /// first event here counts like any other (`count`'s fast path) instead of marking it again.
    @inline(__always)
    private func startCountingIfMarked(_ state: UnsafeMutablePointer<HopThreadState>, stage: UInt32) {
        let mark = state.pointee.mark(of: stage)
        let place = subscribedPlace.load(ordering: .relaxed)
        if mark.pointee.stage == stage, mark.pointee.place == place, mark.pointee.generation == HopStageTable.generation
        {
            lastPlace.store(place, ordering: .relaxed)
        }
    }

    /// Interns the stage of a subscriber (the observer `subscribe(onNext:…)` made), and makes it
    /// the downstream of the next sink subscribed on this thread.
    ///
    /// (Left taking `AnyObject`: the generic, inlined form of `beginOperator` here, tried together
    /// with an inlined `init`, made `AnonymousObserver.init` a frame of its own in subscribers'
    /// allocation stacks in the release build, which changed how the report grouped a leak.)
    func beginSubscriber(owner: AnyObject, sinkStack: UInt32) {
        guard HopStageTable.isEnabled else { return }
        let state = HopThreadState.current
        // Subscribers are told apart by where they subscribe (their own allocation stack): two
        // `subscribe` lines are two chains. Without a captured stack they share one stage.
        let id = intern(
            state,
            downstream: 0,
            type: type(of: owner),
            producerStack: sinkStack,
            producerType: nil,
            sinkStack: sinkStack
        )
        stageID.store(id, ordering: .relaxed)
        if id != 0 { startCountingIfMarked(state, stage: id) }
        state.pointee.pendingSubscriber = id
        state.pointee.pendingSubscriberDepth = state.pointee.stackCount
    }

    /// The subscriber's `subscribe` call returned: a sink that did not link to it by now never will.
    func endSubscriber() {
        let state = HopThreadState.current
        if state.pointee.pendingSubscriber == stage { state.pointee.pendingSubscriber = 0 }
    }

    @inline(__always)
    private func intern(
        _ state: UnsafeMutablePointer<HopThreadState>,
        downstream: UInt32,
        type: AnyObject.Type,
        producerStack: UInt32,
        producerType: AnyObject.Type?,
        sinkStack: UInt32
    ) -> UInt32 {
        let place = state.pointee.place
        subscribedPlace.store(place, ordering: .relaxed)
        let typeBits = UInt(bitPattern: ObjectIdentifier(type))
        var hash = UInt(downstream) &* 0x9E37_79B9 ^ UInt(producerStack) &* 0x85EB_CA6B ^ typeBits >> 4
        hash ^= hash >> 16
        let set = state.pointee.cache + 2 * Int(hash % UInt(HopThreadState.cacheSize / 2))
        func holdsStage(_ slot: UnsafeMutablePointer<HopThreadState.CachedStage>) -> Bool {
            slot.pointee.stage != 0 && slot.pointee.downstream == downstream
                && slot.pointee.producerStack == producerStack && slot.pointee.type == typeBits
        }
        // Read before marking (see `HopStageTable.resetCounts`).
        let generation = HopStageTable.generation
        if let slot = holdsStage(set) ? set : holdsStage(set + 1) ? set + 1 : nil {
            if slot.pointee.subscribedPlace != place || slot.pointee.generation != generation {
                slot.pointee.subscribedPlace = place
                slot.pointee.generation = generation
                HopStageTable.add(stage: slot.pointee.stage, .subscribed, place: place, count: 0)
            }
            return slot.pointee.stage
        }
        let id = HopStageTable.stage(
            downstream: downstream,
            type: type,
            producerStack: producerStack,
            producerType: producerType,
            sinkStack: sinkStack,
            place: place
        )
        if id != 0 {
            // The newest in the first way, the one it displaces in the second.
            (set + 1).pointee = set.pointee
            set.pointee = HopThreadState.CachedStage(
                downstream: downstream,
                producerStack: producerStack,
                type: typeBits,
                stage: id,
                subscribedPlace: place,
                generation: generation
            )
        }
        return id
    }

    /// Counts one event of the owner's frequent kind at the current place: one thread-local load,
    /// a compare and a count while the place stays the same. The thread's raw place word is
    /// compared (0 on a thread that has not registered yet, which never equals `lastPlace`), and
    /// the stage is not checked here: an owner without a stage (hops off, or the table full)
    /// counts in `pending` too and `finish` drops it, which costs less per event than a check.
    @inline(__always)
    func recordFrequent(_ kind: HopEventKind) {
        count(kind, at: rxtrace_thread_place())
    }

    @inline(__always)
    func recordFrequent(_ kind: HopEventKind, at place: UInt64) {
        count(kind, at: place)
    }

    @inline(__always)
    private func count(_ kind: HopEventKind, at place: UInt64) {
        if lastPlace.load(ordering: .relaxed) == place {
            pending.store(pending.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
        } else {
            changePlace(kind)
        }
    }

    /// Adds what was counted at the previous place and marks the new place as seen.
    @inline(never)
    private func changePlace(_ kind: HopEventKind) {
        let place = ThreadPlace.current
        let previous = lastPlace.load(ordering: .relaxed)
        let count = pending.load(ordering: .relaxed)
        lastPlace.store(place, ordering: .relaxed)
        pending.store(1, ordering: .relaxed)
        let stage = stageID.load(ordering: .relaxed)
        if stage == 0 { return }
        // Read before marking (see `HopStageTable.resetCounts`).
        let generation = HopStageTable.generation
        HopStageTable.changePlace(
            stage: stage,
            kind,
            from: previous == HopRecording.noPlace ? 0 : previous,
            count: count,
            to: place
        )
        HopThreadState.current.pointee.mark(of: stage).pointee = HopThreadState.FrequentMark(
            stage: stage,
            generation: generation,
            place: place
        )
    }

    /// Notes a terminal event (added to the table when the owner is freed).
    func recordTerminal() {
        if stageID.load(ordering: .relaxed) == 0 { return }
        terminalPlace.store(HopThreadState.currentPlace, ordering: .relaxed)
    }

    /// Notes the disposal (added to the table when the owner is freed).
    func recordDisposed() {
        if stageID.load(ordering: .relaxed) == 0 { return }
        disposedPlace.store(HopThreadState.currentPlace, ordering: .relaxed)
    }

    /// Records one event of `kind` at once (operators that forward from their observer side).
    func record(_ kind: HopEventKind) {
        let stage = stageID.load(ordering: .relaxed)
        if stage == 0 { return }
        HopStageTable.add(stage: stage, kind, place: HopThreadState.currentPlace)
    }

    /// The stage's subscription ended (disposed) and is gone: for a stage recorded without an
    /// object, what `Sink.dispose` and `Sink.deinit` record.
    func end(downstream: ReceiverBase) {
        if stage != 0 {
            recordDisposed()
            if downstreamIsSubscriber { checkDisposeWhileDelivering(downstream) }
        }
        finish(.delivered)
    }

    /// Adds everything still held here to the stage table: called when the owner is freed.
    func finish(_ frequentKind: HopEventKind) {
        let stage = stageID.load(ordering: .relaxed)
        if stage == 0 { return }
        let place = lastPlace.load(ordering: .relaxed)
        HopStageTable.finish(
            stage: stage,
            subscribed: subscribedPlace.load(ordering: .relaxed),
            frequent: frequentKind,
            place: place == HopRecording.noPlace ? 0 : place,
            count: pending.load(ordering: .relaxed),
            terminalPlace: terminalPlace.load(ordering: .relaxed),
            disposed: disposedPlace.load(ordering: .relaxed)
        )
    }

    /// Anomaly 4 when the calling code is neither on the main queue nor on the main thread.
    func checkMainThread(stage: UInt32, consumer: String) {
        guard !MainQueue.isCurrentOrMainThread else { return }
        ThreadAnomalyLog.record(
            .offMainThread,
            stage: stage,
            place: HopThreadState.currentPlace,
            detail: "delivered off the main thread to \(consumer), which requires the main thread"
        )
    }

    /// Anomaly 3 when `event` is a `next` sent to this disposed owner on the serial scheduler
    /// that disposed it. (Terminal events after a disposal are how some operators end; only
    /// elements break the guarantee.)
    @inline(never)
    func eventAfterDispose<Element>(_ event: Event<Element>) {
        guard case .next = event else { return }
        elementAfterDispose()
    }

    /// Anomaly 3 for an element sent to this disposed owner on the serial scheduler that disposed
    /// it. Takes no value: building an `Event` here made the element-level path look up `Event`'s
    /// generic metadata on every element in traced builds.
    @inline(never)
    func elementAfterDispose() {
        let stage = stageID.load(ordering: .relaxed)
        let disposed = disposedPlace.load(ordering: .relaxed)
        guard stage != 0, disposed != 0 else { return }
        let place = HopThreadState.currentPlace
        let scheduler = HopPlaceCode.scheduler(place)
        guard scheduler != 0, scheduler == HopPlaceCode.scheduler(disposed), SchedulerLabels.isSerial(scheduler) else {
            return
        }
        ThreadAnomalyLog.record(
            .eventAfterDispose,
            stage: stage,
            place: place,
            otherPlace: disposed,
            detail:
                "next sent after dispose() returned on the same serial scheduler (dropped: nothing reached the subscriber)"
        )
    }

    /// Anomaly 5: this subscription is being disposed while `downstream`, its subscriber, runs
    /// on another thread.
    func checkDisposeWhileDelivering(_ consumer: ReceiverBase) {
        let delivering = consumer.hopDeliveringThread
        let place = HopThreadState.currentPlace
        guard delivering != 0, !OverlapTracker.sameThread(delivering, place) else { return }
        consumer.hopFlagOverlap()
        ThreadAnomalyLog.record(
            .disposedWhileDelivering,
            stage: consumer.hopStageID,
            place: place,
            otherPlace: delivering,
            detail: "disposed on one thread while the subscriber was running on another"
        )
    }
}
#endif
