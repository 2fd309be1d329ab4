/// Reserved: a reference cycle's path, filled by the cycle analysis (a later issue). Reports of
/// schema version 1 always carry an empty `cycles` array; the shape below is what readers may
/// rely on once it is filled, and only optional fields will be added to it.
public struct ReportCycle: Codable, Equatable, Sendable {
    /// The signature of the finding this cycle explains.
    public var signature: String
    /// The objects on the cycle, in reference order, back to the first.
    public var steps: [Step]

    public struct Step: Codable, Equatable, Sendable {
        /// The object's type (`FeedViewModel`, `MapSink<Int, String>`, `closure context`).
        public var typeName: String
        /// The stored property or capture that references the next step (`disposeBag`), if known.
        public var via: String?

        public init(typeName: String, via: String? = nil) {
            self.typeName = typeName
            self.via = via
        }
    }

    public init(signature: String, steps: [Step]) {
        self.signature = signature
        self.steps = steps
    }
}
