#if TRACE_RESOURCES
import RxTraceReport
/// The Swift heap at one moment: every live object the allocation table knows, and the
/// references between them, each labelled as a person reads it (`disposeBag`,
/// `disposables[0]`, `capture #1`), with the closure's function when the reference is a
/// closure's context. Edges found only by scanning words are `possible` and never part of a
/// reported cycle.
///
/// Build it after the scenario's last pass has drained, while other threads are quiet; an
/// object freed meanwhile is simply skipped (every read is checked against the table).
struct HeapGraph {
    struct Edge {
        var target: Int32
        /// The stored property, element or capture that holds the reference.
        var label: String
        /// For a closure's context: the closure's function (its entry address), else 0.
        var function: UInt
        /// Found only by a word scan: may be a pointer, may be unowned, may be stale data.
        var possible: Bool
    }

    /// The live objects, in table order.
    private(set) var objects: [AllocationTable.Entry]
    /// Outgoing edges per object.
    private(set) var edges: [[Edge]]
    private var indexByAddress: [UInt: Int32]

    var count: Int { objects.count }

    /// The object at `address`, if it is a node.
    func node(at address: UInt) -> Int? { indexByAddress[address].map(Int.init) }

    /// Builds the graph from the allocation table; empty when the table is not exact.
    static func build() -> HeapGraph {
        guard AllocationTable.isExact else { return HeapGraph(objects: [], edges: [], indexByAddress: [:]) }
        let objects = AllocationTable.snapshot()
        var index: [UInt: Int32] = [:]
        index.reserveCapacity(objects.count)
        for (i, object) in objects.enumerated() { index[object.address] = Int32(i) }
        let reader = ObjectReader(index: index, objects: objects)
        var edges = objects.map { reader.edges(of: $0) }
        // Array storage that something references strongly but no holder's field read (an
        // array a generic closure captures): its own elements. Storage only a word scan found
        // stays unread, as before: its elements would be references from an unknown holder.
        var stronglyHeld = Set<Int32>()
        for list in edges { for edge in list where !edge.possible { stronglyHeld.insert(edge.target) } }
        for (i, object) in objects.enumerated() where edges[i].isEmpty && stronglyHeld.contains(Int32(i)) {
            if let elements = reader.elementsOfUnreadStorage(object) { edges[i] = elements }
        }
        return HeapGraph(objects: objects, edges: edges, indexByAddress: index)
    }

    /// Incoming strong edges per node: (source, edge index in the source's list).
    func incomingStrongEdges() -> [[(source: Int32, edge: Int32)]] {
        var incoming = [[(source: Int32, edge: Int32)]](repeating: [], count: objects.count)
        for (source, list) in edges.enumerated() {
            for (i, edge) in list.enumerated() where !edge.possible {
                incoming[Int(edge.target)].append((Int32(source), Int32(i)))
            }
        }
        return incoming
    }

    /// The allocation table's generation the node was allocated in (`AllocationTable.generation`).
    func generation(_ node: Int) -> UInt32 { objects[node].generation }

    /// The node's type metadata (the same for every instance of one type).
    func metadata(_ node: Int) -> UInt { objects[node].metadata }

    /// What a node is, for people.
    func kind(_ node: Int) -> HeapObjectKind {
        HeapObjectKind(metadata: objects[node].metadata)
    }
}

/// The kinds of heap object a path shows.
enum HeapObjectKind: Equatable {
    /// A class instance, with its readable type name (`MapSink<Int, String>`) and module.
    case instance(typeName: String, module: String)
    /// A closure's captured context.
    case closureContext
    /// A box: a captured `var`, or an existential's out-of-line value.
    case box(valueType: String)
    case other

    init(metadata: UInt) {
        switch RuntimeMetadata.kind(metadata) {
        case .class:
            let type = RuntimeMetadata.type(metadata)
            let qualified = _typeName(type, qualified: true)
            let module = qualified.prefix { $0 != "." }
            self = .instance(typeName: _typeName(type, qualified: false), module: String(module))
        case .closureContext:
            self = .closureContext
        case .genericBox:
            let boxed = RuntimeMetadata.word(metadata, 16)
            self = .box(valueType: boxed == 0 ? "?" : _typeName(RuntimeMetadata.type(boxed), qualified: false))
        default:
            self = .other
        }
    }

    /// Modules whose objects are machinery, not the user's own.
    static let libraryModules: Set<String> = RxtraceModules.rxTrace.union([
        "RxCore", "RxCoreTesting", "RxCoreBlocking", "Swift", "Foundation", "FoundationEssentials", "Dispatch",
        "_Concurrency",
    ])

    /// A class instance of the user's own code.
    var isUserObject: Bool {
        if case .instance(_, let module) = self { return !Self.libraryModules.contains(module) }
        return false
    }

    var displayName: String {
        switch self {
        case .instance(let name, _): return name
        case .closureContext: return "closure context"
        case .box(let value): return "box (\(value))"
        case .other: return "object"
        }
    }
}
#endif
