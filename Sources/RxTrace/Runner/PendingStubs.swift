#if TRACE_RESOURCES
// TEMPORARY: stand-ins for the registry helper's API until it lands on main. Delete then.
import RxCore

enum ResourceRegistry {
    struct Mark { var epoch: Int }
    static func mark() -> Mark { Mark(epoch: 0) }
    static func liveSince(_ mark: Mark) -> [ResourceEntry] { [] }
}
struct ResourceEntry { var typeName: String; var kind: ResourceKind }
struct SymbolicatedFrame: CustomStringConvertible { var function: String; var file: String?; var line: Int?; var description: String { function } }
struct ResourceGroup {
    var signature: String
    var entries: [ResourceEntry]
    var resourceTypes: [String]
    var operatorChain: [String]
    var userCallSite: SymbolicatedFrame?
    var frames: [SymbolicatedFrame]
}
enum LeakAnalysis {
    static func group(_ entries: [ResourceEntry]) -> [ResourceGroup] { [] }
}
#endif
