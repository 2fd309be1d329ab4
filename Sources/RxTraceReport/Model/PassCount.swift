/// Live resources (`Resources.total`) around one pass of a scenario.
public struct PassCount: Codable, Equatable, Sendable {
    /// 1-based; pass 1 warms lazy resources, later passes are measured.
    public var pass: Int
    public var before: Int
    public var after: Int
    /// `after - before`: what this pass left alive. A per-use leak grows on every pass, a
    /// one-time cache only on the first.
    public var growth: Int

    public init(pass: Int, before: Int, after: Int) {
        self.pass = pass
        self.before = before
        self.after = after
        self.growth = after - before
    }
}
