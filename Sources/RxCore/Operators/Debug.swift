import Foundation

extension ObservableType {
    /// Prints every subscription, event and disposal, each line stamped with the time:
    /// `2024-01-01 10:00:00.000: identifier -> Event next(1)`.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        Debug(source: self, identifier: identifier, trimOutput: trimOutput, file: file, line: line, function: function)
    }
}

private let debugDateFormat = "yyyy-MM-dd HH:mm:ss.SSS"

private func logEvent(_ identifier: String, dateFormat: DateFormatter, content: String) {
    print("\(dateFormat.string(from: Date())): \(identifier) -> \(content)")
}

private final class DebugSink<Element>: Sink<Element, Receiver<Element>> {
    private let identifier: String
    private let trimOutput: Bool
    private let timestampFormatter = DateFormatter()

    init(identifier: String, trimOutput: Bool, observer: Receiver<Element>) {
        self.identifier = identifier
        self.trimOutput = trimOutput
        timestampFormatter.dateFormat = debugDateFormat
        logEvent(identifier, dateFormat: timestampFormatter, content: "subscribed")
        super.init(observer: observer)
    }

    // The printed line is the one place this operator needs an `Event`: it is built for the
    // log, the element goes on as it is.

    override func receiveNext(_ element: Element) {
        log(.next(element))
        forwardNext(element)
    }

    override func receiveError(_ error: Swift.Error) {
        log(.error(error))
        forwardError(error)
        dispose()
    }

    override func receiveCompleted() {
        log(Event<Element>.completed)
        forwardCompleted()
        dispose()
    }

    private func log(_ event: Event<Element>) {
        let maxEventTextLength = 40
        let eventText = "\(event)"
        let eventNormalized =
            (eventText.count > maxEventTextLength) && trimOutput
            ? String(eventText.prefix(maxEventTextLength / 2)) + "..."
                + String(eventText.suffix(maxEventTextLength / 2))
            : eventText
        logEvent(identifier, dateFormat: timestampFormatter, content: "Event \(eventNormalized)")
    }

    override func dispose() {
        if !isDisposed {
            logEvent(identifier, dateFormat: timestampFormatter, content: "isDisposed")
        }
        super.dispose()
    }
}

private final class Debug<Source: ObservableType>: Producer<Source.Element> {
    private let identifier: String
    private let trimOutput: Bool
    private let source: Source

    init(source: Source, identifier: String?, trimOutput: Bool, file: String, line: UInt, function: String) {
        self.trimOutput = trimOutput
        if let identifier {
            self.identifier = identifier
        } else {
            let trimmedFile: String
            if let lastIndex = file.lastIndex(of: "/") {
                trimmedFile = String(file[file.index(after: lastIndex)...])
            } else {
                trimmedFile = file
            }
            self.identifier = "\(trimmedFile):\(line) (\(function))"
        }
        self.source = source
    }

    override func run(_ observer: Receiver<Element>) -> Disposable {
        let sink = DebugSink(identifier: identifier, trimOutput: trimOutput, observer: observer)
        return sink.disposer(owning: source.asObservable().subscribeReceiver(sink)) ?? sink
    }
}
