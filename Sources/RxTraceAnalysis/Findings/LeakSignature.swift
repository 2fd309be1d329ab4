#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport

/// A finding's signature: what identifies a leak to a person, never where it happens to sit
/// in the file, so a baseline survives unrelated edits (a comment added at the top of the file,
/// a function inserted above). Like LeakCanary, which hashes the references of a leak trace
/// rather than positions.
///
/// Version 2 (report schema 2) hashes:
/// - the call site's file name (not its folder) and enclosing function, with closure
///   numbers dropped (`closure #4 in bind()` is `closure in bind()`: a closure added above
///   renumbers the rest);
/// - the operator chain and the sorted resource types;
/// - the call-site line's own text with whitespace normalised, and its ordinal among the
///   lines of the same file with the same text (two identical `subscribe` lines are two
///   findings). When the source cannot be read at analysis time, the line number stands in
///   for text and ordinal.
///
/// An unreleased object (`expectReleased`) is `object:<name>@<file name>:` and a hash of the
/// same line identity.
///
/// Version 1 hashed the file name, line number, function and types.
enum LeakSignature {
    static let version = 2

    static func make(
        callSite: SymbolicatedFrame?,
        chain: [String],
        types: [String],
        kinds: [ResourceKind],
        sources: SourceLines = .shared
    ) -> String {
        var text: String
        if let callSite {
            text = "\(callSite.fileName ?? callSite.image ?? "?")|\(withoutClosureNumbers(callSite.function))"
            text += "|" + chain.joined(separator: ">")
            text += "|" + lineIdentity(callSite, sources: sources)
        } else {
            text = "no-call-site|" + Set(kinds.map(\.rawValue)).sorted().joined(separator: ",")
        }
        text += "|" + types.sorted().joined(separator: ";")
        return fnv1a(text)
    }

    /// An unreleased object's signature (`object:FeedScreen@Feed.swift:` and a hash): the name
    /// given to `expectReleased`, its file's name and its line's identity, never the line
    /// number, so a scenario added above keeps the object's baseline entry.
    static func unreleasedObject(name: String, file: String, line: Int, sources: SourceLines = .shared) -> String {
        let fileName = (file as NSString).lastPathComponent
        return "object:\(name)@\(fileName):"
            + fnv1a("\(fileName)|\(name)|" + lineIdentity(file: file, line: line, sources: sources))
    }

    /// `text#ordinal` of the call-site line, or `line:N` when the file cannot be read.
    static func lineIdentity(_ site: SymbolicatedFrame, sources: SourceLines) -> String {
        guard let path = site.file, let number = site.line else { return "line:\(site.line ?? 0)" }
        return lineIdentity(file: path, line: number, sources: sources)
    }

    private static func lineIdentity(file: String, line: Int, sources: SourceLines) -> String {
        guard let identity = sources.identity(ofLine: line, in: file) else { return "line:\(line)" }
        return "\(identity.text)#\(identity.ordinal)"
    }

    /// `closure #2 in closure #1 in Feed.bind()` → `closure in closure in Feed.bind()`.
    static func withoutClosureNumbers(_ function: String) -> String {
        var result = ""
        var rest = Substring(function)
        while let range = rest.range(of: "closure #") {
            result += rest[..<range.lowerBound]
            result += "closure"
            rest = rest[range.upperBound...].drop { $0.isNumber }
        }
        return result + rest
    }

    /// FNV-1a, 64 bits, as 16 hex digits: deterministic across runs and machines (unlike
    /// `Hasher`).
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
#endif
