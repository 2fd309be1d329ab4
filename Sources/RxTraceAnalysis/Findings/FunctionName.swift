import Foundation
import RxTraceReport

/// A demangled function name taken apart: `static ObservableType<>.interval(_:scheduler:)` is
/// type `ObservableType`, base `interval`, labels `["_", "scheduler"]`. Closures, thunks and
/// protocol witnesses are not named methods and do not parse.
struct FunctionName: Equatable {
    /// The type (or protocol) the method is declared on, without generic arguments; nil for a
    /// free function.
    var type: String?
    /// The method's name without generic parameters (`flatMapLatest`, `run`, `init`).
    var base: String
    /// Argument labels, `_` for an unlabelled argument.
    var labels: [String]

    init?(_ function: String) {
        var text = Substring(function)
        // "generic specialization <…> of X", "specialized X" (release builds' short form),
        // "merged X", "static X": continue with X.
        if let range = text.range(of: "> of ") { text = text[range.upperBound...] }
        for prefix in ["specialized ", "merged ", "static ", "dispatch thunk of ", "@objc "]
        where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        for marker in [
            "closure #", "implicit closure", "protocol witness", "thunk", "partial apply", "reabstraction",
            "outlined ", "key path", "type metadata",
        ] where text.hasPrefix(marker) {
            return nil
        }
        // The argument list starts at the first '(' outside generic brackets that is not an
        // "(extension in M):" marker.
        var depth = 0
        var open: Substring.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "(" && text[index...].hasPrefix("(extension in "),
                let colon = text[index...].firstIndex(of: ":")
            {
                index = text.index(after: colon)
                continue
            }
            if character == "<" { depth += 1 }
            if character == ">" { depth -= 1 }
            if character == "(" && depth == 0 {
                open = index
                break
            }
            index = text.index(after: index)
        }
        guard let open, let close = text[open...].firstIndex(of: ")") else { return nil }
        let qualified = text[..<open]
        let arguments = text[text.index(after: open)..<close]
        labels = arguments.split(separator: ":", omittingEmptySubsequences: true).map(String.init)

        // Components split at dots outside generic brackets.
        var components: [Substring] = []
        var start = qualified.startIndex
        depth = 0
        for position in qualified.indices {
            switch qualified[position] {
            case "<": depth += 1
            case ">": depth -= 1
            case "." where depth == 0:
                components.append(qualified[start..<position])
                start = qualified.index(after: position)
            default: break
            }
        }
        components.append(qualified[start...])
        func withoutGenerics(_ name: Substring) -> String {
            String(name.prefix { $0 != "<" })
        }
        let baseName = withoutGenerics(components.removeLast())
        guard let first = baseName.first, first.isLetter || first == "_" else { return nil }
        base = baseName
        type = components.last.map(withoutGenerics).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `FunctionName(function)`, parsed once per process: the analysis asks about the same few
    /// hundred library functions for every stack.
    static func parsed(_ function: String) -> FunctionName? {
        parsedLock.lock()
        if let cached = parsedNames[function] {
            parsedLock.unlock()
            return cached
        }
        parsedLock.unlock()
        let parsed = FunctionName(function)
        parsedLock.lock()
        parsedNames[function] = .some(parsed)
        parsedLock.unlock()
        return parsed
    }

    private static let parsedLock = NSLock()
    nonisolated(unsafe) private static var parsedNames: [String: FunctionName?] = [:]

    init(type: String?, base: String, labels: [String]) {
        self.type = type
        self.base = base
        self.labels = labels
    }

    /// The operator as a user writes it: the name, plus the first argument label when it is part
    /// of how the operator reads (`observe(on:)`, `share(replay:)`, `take(until:)`), but not
    /// for unlabelled arguments or event handlers (`subscribe(onNext:…)` is `subscribe`).
    var operatorName: String {
        guard let label = labels.first, label != "_", !FunctionName.isEventHandlerLabel(label) else { return base }
        return "\(base)(\(label):)"
    }

    /// Whether this is a constructor frame (`init`, `__allocating_init`).
    var isInitializer: Bool { base == "init" || base.hasPrefix("__allocating_init") }

    /// `onNext`, `onError`, `onCompleted`, `onSuccess`, `onDisposed`…: "on" then a capital.
    /// Not an error *policy* (`onErrorJustReturn`, `onErrorDriveWith`, `onErrorRecover`): in
    /// `asDriver(onErrorJustReturn:)` the label says which conversion the user called.
    static func isEventHandlerLabel(_ label: String) -> Bool {
        guard label.hasPrefix("on"), label.count > 2 else { return false }
        if label.hasPrefix("onError") && label.count > "onError".count { return false }
        return label[label.index(label.startIndex, offsetBy: 2)].isUppercase
    }
}
