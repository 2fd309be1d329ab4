import Foundation

func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    rxFatalError("Abstract method", file: file, line: line)
}

func rxFatalError(
    _ lastMessage: @autoclosure () -> String,
    file: StaticString = #file,
    line: UInt = #line
) -> Swift.Never {
    fatalError(lastMessage(), file: file, line: line)
}

@usableFromInline
func rxFatalErrorInDebug(_ lastMessage: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
    fatalError(lastMessage(), file: file, line: line)
    #else
    print("\(file):\(line): \(lastMessage())")
    #endif
}

/// Converts an `RxTimeInterval` into seconds for Foundation APIs.
extension DispatchTimeInterval {
    var seconds: TimeInterval {
        switch self {
        case .seconds(let v): return TimeInterval(v)
        case .milliseconds(let v): return TimeInterval(v) / 1_000
        case .microseconds(let v): return TimeInterval(v) / 1_000_000
        case .nanoseconds(let v): return TimeInterval(v) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> DispatchTimeInterval {
        let spent = laterDate.timeIntervalSince(earlierDate)
        let remaining = seconds - spent
        if remaining <= 0 { return .nanoseconds(0) }
        return .nanoseconds(Int(remaining * 1_000_000_000))
    }

    var isNow: Bool { seconds == 0 }
}

extension Date {
    func addingDispatchInterval(_ interval: DispatchTimeInterval) -> Date {
        addingTimeInterval(interval.seconds)
    }
}
