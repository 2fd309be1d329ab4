import Foundation
import RxTraceReport

/// Decides which frames are library code and which are the user's. Compiled in untraced builds
/// too: the `rxtrace` CLI, built without tracing, classifies a crashed test's stack with it.
package enum FrameClassifier {
    static let rxCoreModules = RxtraceModules.rxCore
    static let rxCoreSourceFolders = rxCoreModules.map { "/Sources/\($0)/" }
    static let rxTraceModules = RxtraceModules.rxTrace
    static let rxTraceSourceFolders = rxTraceModules.map { "/Sources/\($0)/" }
    static let runtimeModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Runtime", "Observation",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "CoreFoundation", "Dispatch", "XCTest", "Testing", "Distributed",
    ]
    static let runtimeImagePrefixes = [
        "libswift", "libFoundation", "libdispatch", "libXCTest", "libTesting", "libBlocksRuntime",
        "lib_FoundationICU", "libCoreFoundation",
    ]
    static let systemImagePrefixes = [
        "libc.", "libc-", "ld-linux", "ld64", "libpthread", "libunwind", "libm.", "libstdc++", "libgcc_s",
        "libdl", "librt", "libsystem", "libdyld", "dyld",
    ]

    package static func origin(function: String?, rawName: String?, file: String?, image: String?) -> FrameOrigin {
        if let image {
            if runtimeImagePrefixes.contains(where: image.hasPrefix) { return .swiftRuntime }
            if systemImagePrefixes.contains(where: image.hasPrefix) { return .system }
        }
        if let file, isOwnSource(file) || !definedElsewhere(function: function, rawName: rawName) {
            if rxCoreSourceFolders.contains(where: file.contains) { return .rxCore }
            if rxTraceSourceFolders.contains(where: file.contains) { return .rxTrace }
        }
        // SwiftPM's generated test-discovery thunks and runner are scaffolding, not user code,
        // and so are the thunks Swift Testing's @Test macro generates around a test function.
        if let function,
            function.contains("__allTests__") || function.contains("variable initialization expression of static")
        {
            return .system
        }
        if let file, file.contains("@__swiftmacro_") || file.hasPrefix("swift-generated-sources/") { return .system }
        // The user's top-level code (`main.swift`), named `main` by the Symbolicator.
        if function == "main", let file, file == "main.swift" || file.hasSuffix("/main.swift") { return .user }
        guard let module = module(function: function, rawName: rawName) else { return .system }
        if rxCoreModules.contains(module) { return .rxCore }
        if rxTraceModules.contains(module) { return .rxTrace }
        if runtimeModules.contains(module) { return .swiftRuntime }
        if module == "__C" || module.hasSuffix("PackageDiscoveredTests") || module.hasSuffix("PackageTests") {
            return .system
        }
        if let function, function.contains("thunk") && !function.contains(" in ") { return .swiftRuntime }
        return .user
    }

    /// This package's `Sources/` folder as this build compiled it: rxtrace's own modules are
    /// compiled from there, and a dependency's folder of the same name (a library whose sources
    /// sit in `Sources/RxSwift/`) is not rxtrace's.
    static let ownSourcesFolder: String? = {
        let path = #filePath
        return path.range(of: "/Sources/RxTraceAnalysis/").map { String(path[..<$0.lowerBound]) + "/Sources/" }
    }()

    /// Whether `file` is under this package's `Sources/` (a relative path, as a report stores
    /// it, is told by its folder alone).
    static func isOwnSource(_ file: String) -> Bool {
        guard file.hasPrefix("/"), let own = ownSourcesFolder else { return true }
        return file.hasPrefix(own)
    }

    /// Whether the symbol itself says it belongs to a module that is not rxtrace's: the module
    /// of an extension (`(extension in Kit):RxSwift.ObservableType.retrying()`) or of the mangled
    /// name. A folder named like one of rxtrace's outside this package is then that module's.
    static func definedElsewhere(function: String?, rawName: String?) -> Bool {
        var module: String?
        if let function, let range = function.range(of: "(extension in ") {
            module = function[range.upperBound...].split(separator: ")").first.map(String.init)
        }
        module = module ?? rawName.flatMap(declaringModule)
        guard let module else { return false }
        return !rxCoreModules.contains(module) && !rxTraceModules.contains(module)
    }

    /// The module that defines a function, from its demangled name (an extension's module
    /// wins over the extended type's) or, failing that, its mangled name.
    static func module(function: String?, rawName: String?) -> String? {
        if let function, let range = function.range(of: "(extension in ") {
            let rest = function[range.upperBound...]
            if let end = rest.firstIndex(of: ")") { return String(rest[..<end]) }
        }
        if let rawName, let module = declaringModule(rawName) { return module }
        guard let function else { return nil }
        var text = Substring(function)
        let prefixes = [
            "static ", "@objc ", "dispatch thunk of ", "partial apply for ", "protocol witness for ",
            "merged ", "outlined ", "implicit ", "key path getter for ", "key path setter for ",
        ]
        var changed = true
        while changed {
            changed = false
            for prefix in prefixes where text.hasPrefix(prefix) {
                text = text.dropFirst(prefix.count)
                changed = true
            }
            for marker in ["specialization <", "closure #"] where text.contains(marker) {
                // "generic specialization <…> of X", "closure #1 in X": continue with X.
                if let range = text.range(of: marker == "closure #" ? " in " : "> of ") {
                    text = text[range.upperBound...]
                    changed = true
                }
            }
        }
        let identifier = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let after = text.dropFirst(identifier.count)
        return !identifier.isEmpty && after.first == "." ? String(identifier) : nil
    }

    /// The module a mangled function was declared in: an extension's own module, else the
    /// name's first module.
    static func declaringModule(_ raw: String) -> String? {
        ExtensionModule.of(rawName: raw) ?? mangledModule(raw)
    }

    /// `$s6RxCore…` → "RxCore"; `$sS…` → "Swift"; nil for C symbols.
    static func mangledModule(_ raw: String) -> String? {
        var text = Substring(raw)
        for prefix in ["_$s", "$s", "_T0", "$S"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            guard let first = text.first else { return nil }
            if first == "S" { return "Swift" }
            if first == "s" { return "Swift" }
            let digits = text.prefix { $0.isNumber }
            guard let length = Int(digits), length > 0 else { return nil }
            let name = text.dropFirst(digits.count).prefix(length)
            return name.count == length ? String(name) : nil
        }
        return nil
    }
}
