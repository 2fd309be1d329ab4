import RxTraceReport

/// A file the test process writes for `rxtrace test` that cannot be read, in one line naming the
/// file and the place in it.
public struct SessionFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot read \(path): \(OneLineText.escaping(reason))" }
}
