import RxSwift

/// Where `Driver` and `Signal` deliver: `make()` is called whenever a shared sequence needs
/// its scheduler, and returns a `MainScheduler` unless a test swapped it with `mock`.
public enum SharingScheduler {
    /// Makes the scheduler shared sequences deliver on.
    public private(set) static var make: () -> SchedulerType = { MainScheduler() }

    /// Runs `action` with every shared sequence built inside it delivering on `scheduler`
    /// (a `TestScheduler` in unit tests), then restores the previous scheduler. Not for
    /// release code: the swap is global.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with `makeScheduler` making the shared sequences' scheduler, then
    /// restores the previous one.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let previous = make
        make = makeScheduler
        defer { make = previous }
        try action()
    }
}
