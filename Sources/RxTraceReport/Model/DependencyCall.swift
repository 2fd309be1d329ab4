/// The dependency's code a finding's line called into: a finding whose cause is inside another
/// package's operator (its `Observable.create` sending after its terminal event, a `subscribe`
/// whose disposable it drops) is placed at the user's own line, and this names the dependency's
/// frame nearest that line, beside it.
public struct DependencyCall: Codable, Equatable, Sendable {
    /// The dependency: its SwiftPM checkout's folder ("RetryKit"), else its module or folder.
    public var package: String
    /// The dependency's frame nearest the user's line: its file, line and function.
    public var location: SourceLocation

    public init(package: String, location: SourceLocation) {
        self.package = package
        self.location = location
    }

    /// "via RetryKit's retrying() at RetryKit/Sources/RetryKit/Retry.swift:12", as every format
    /// shows it beside the finding's line.
    public var text: String {
        let function = location.function.map { "\(DependencyCall.shortName($0)) " } ?? "code "
        return "via \(package)'s \(function)at \(location.fileAndLine)"
    }

    /// A demangled function as a reader names it: `retrying(times:)` for
    /// `closure #1 in (extension in RetryKit):RxCore.ObservableType.retrying(times:) -> …`.
    package static func shortName(_ function: String) -> String {
        var text = Substring(function)
        while let range = text.range(of: " in "), text.hasPrefix("closure #") || text.hasPrefix("implicit closure #") {
            text = text[range.upperBound...]
        }
        if text.hasPrefix("(extension in "), let colon = text.firstIndex(of: ":") {
            text = text[text.index(after: colon)...]
        }
        // The signature after the name: " -> …" and the arguments' types.
        if let arrow = text.range(of: " -> ") { text = text[..<arrow.lowerBound] }
        // The last name of the qualified path before the argument list.
        // The last name of the qualified path (`RxCore.ObservableType<>.retrying`), outside
        // generic arguments, before the argument list.
        var depth = 0
        var lastDot: Substring.Index?
        var index = text.startIndex
        scan: while index < text.endIndex {
            switch text[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "(" where depth == 0: break scan
            case "." where depth == 0: lastDot = index
            default: break
            }
            index = text.index(after: index)
        }
        return String(lastDot.map { text[text.index(after: $0)...] } ?? text)
    }
}
