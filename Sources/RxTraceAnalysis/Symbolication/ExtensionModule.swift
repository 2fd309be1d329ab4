import Foundation

/// The module that declared an extension member, read from its mangled name.
///
/// A mangled name starts with the *extended* type's module: `ObservableType.and()` declared in
/// RxSwiftExt mangles as `$s6RxCore14ObservableTypeP0A8SwiftExt…E3and…`, and the short names the
/// `Runtime` module prints drop the `(extension in RxSwiftExt):` that says otherwise. Only the
/// full demangling keeps it, so a library's operators on RxCore's types (and the user's own
/// extensions of Foundation's types) are told by it rather than by the name's first module.
enum ExtensionModule {
    /// The declaring module of the outermost context of `rawName` when that context is an
    /// extension, else nil (not an extension member, or not a Swift name).
    static func of(rawName: String) -> String? {
        guard rawName.hasPrefix("$s") || rawName.hasPrefix("_$s"), let demangled = fullyDemangled(rawName) else {
            return nil
        }
        return declaringModule(inDemangled: demangled)
    }

    /// The module of the first `(extension in M):` outside any generic argument or parameter
    /// list: a closure's signature or a specialization's arguments can name other extensions'
    /// types, which say nothing of where the function itself was declared.
    static func declaringModule(inDemangled name: String) -> String? {
        let marker = "(extension in "
        var depth = 0
        var index = name.startIndex
        var previous: Character = " "
        while index < name.endIndex {
            let character = name[index]
            if depth == 0, character == "(", name[index...].hasPrefix(marker) {
                let rest = name[name.index(index, offsetBy: marker.count)...]
                guard let end = rest.firstIndex(of: ")") else { return nil }
                return String(rest[..<end])
            }
            switch character {
            case "<", "(", "[": depth += 1
            case ">" where previous != "-", ")", "]": depth = max(0, depth - 1)
            default: break
            }
            previous = character
            index = name.index(after: index)
        }
        return nil
    }

    private static func fullyDemangled(_ rawName: String) -> String? {
        rawName.withCString { mangled in
            guard let buffer = swiftDemangle(mangled, strlen(mangled), nil, nil, 0) else { return nil }
            defer { free(buffer) }
            return String(cString: buffer)
        }
    }
}

/// The Swift runtime's public demangler (`swift/Demangling/Demangle.h`'s C entry point): with no
/// output buffer it returns a `malloc`ed string the caller frees.
@_silgen_name("swift_demangle")
private func swiftDemangle(
    _ mangledName: UnsafePointer<CChar>?,
    _ mangledNameLength: Int,
    _ outputBuffer: UnsafeMutablePointer<CChar>?,
    _ outputBufferSize: UnsafeMutablePointer<Int>?,
    _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
