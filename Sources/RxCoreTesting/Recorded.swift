import RxCore

/// Virtual time in ticks.
public typealias TestTime = Int

/// A value (usually an `Event`) together with the virtual time it happened at.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// When the value was recorded.
    public let time: TestTime
    /// The recorded value.
    public let value: Value

    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded {
    /// A `next` event at `time`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A `completed` event at `time`.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An `error` event at `time`.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }

    // The two `events` overloads are RxTest's exact declarations: one variadic, one over an
    // array. Two variadic overloads (an earlier shape here took `[Recorded<Event<T>>]...`) make
    // the solver try both for every argument, and a call with arithmetic in its elements, such
    // as `.next(210, 0 * 10 + 1)`, then fails with "unable to type-check this expression in
    // reasonable time" (RecordedEventsTypeCheckTests is the guard).

    /// Collects recorded events into an array; lets the element type be inferred.
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        events(recordedEvents)
    }

    /// The recorded events of an array literal; lets the element type be inferred.
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents
    }
}

extension Recorded: Equatable where Value: Equatable {
    public static func == (lhs: Recorded<Value>, rhs: Recorded<Value>) -> Bool {
        lhs.time == rhs.time && lhs.value == rhs.value
    }
}
