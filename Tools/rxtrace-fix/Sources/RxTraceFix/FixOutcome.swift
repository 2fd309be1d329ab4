/// Which mechanical change a patch makes: the classes of finding rxtrace-fix knows how to fix.
public enum FixClass: String, Codable, CaseIterable, Sendable {
    /// A dropped `Disposable` now ends with a bag: the owner's, a new one on the owner, or the test's.
    case disposedByBag
    /// A dropped `Disposable` now ends when a deallocation signal the owner already has fires.
    case takeUntilDeallocation
    /// A closure kept by its owner's own bag now captures the owner weakly.
    case weakSelfCapture
    /// A method reference handed to a subscriber is now a closure capturing its owner weakly.
    case methodReferenceClosure
}

/// What the rewriter made of one finding's call site: a new source, or why there is none.
public enum FixOutcome: Equatable, Sendable {
    case patched(SourcePatch)
    case noPatch(reason: String)
}

/// A rewritten file and what changed in it.
public struct SourcePatch: Equatable, Sendable {
    /// The whole file after the change.
    public var source: String
    /// Each change made, in the order the rewriter decided them (a dropped `Disposable` whose
    /// closure captured `self` strongly gets both a bag and a weak capture).
    public var classes: [FixClass]
    /// What was done, in one sentence a reviewer reads beside the diff.
    public var summary: String
    /// The lines of the patched statement in `source`, so that a later run's finding there is
    /// known to be the same one (its signature changes with the line's text).
    public var statementLines: ClosedRange<Int>
    /// The edits, on the original text, that made `source`.
    var edits: [SourceEdit]
    var original: String

    /// Where line `line` of the original text is in `source`: the line its first non-blank
    /// character went to, so that another finding of the same file can be patched on top.
    public func mappedLine(_ line: Int) -> Int {
        let bytes = Array(original.utf8)
        var offset = 0
        var current = 1
        while current < line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { current += 1 }
            offset += 1
        }
        while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") {
            offset += 1
        }
        return lineNumber(ofOffset: edits.mapped(offset), in: source)
    }
}
