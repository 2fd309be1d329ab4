#if TRACE_RESOURCES
import CRxHeapGraph
import Foundation
import RxTraceReport

/// What the heap graph costs, for the benchmark (`make bench-heapgraph`): recording switched on
/// and off around a workload, then one graph build and one cycle search over given objects,
/// each timed on its own.
public enum HeapGraphMeasurement {
    public struct Result: Sendable {
        /// Live objects the allocation table held (the graph's nodes).
        public var objects: Int
        /// Strong and possible references read.
        public var references: Int
        /// Copying and reading every live object.
        public var buildSeconds: Double
        /// Strongly connected components among the objects reachable from the given ones.
        public var searchSeconds: Double
        /// Components of more than one object found.
        public var components: Int
    }

    /// Starts recording every Swift allocation into the table.
    public static func startRecording() { AllocationTable.install() }

    /// Stops recording (the table stays exact).
    public static func stopRecording() { AllocationTable.uninstall() }

    /// Builds the graph and searches cycles from the objects at `roots`.
    public static func measure(roots: [UInt]) -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        let graph = HeapGraph.build()
        let built = DispatchTime.now().uptimeNanoseconds
        let nodes = roots.compactMap { graph.node(at: $0) }
        let components = CycleSearch.components(graph, reachableFrom: nodes)
        let searched = DispatchTime.now().uptimeNanoseconds
        return Result(
            objects: graph.count,
            references: graph.edges.reduce(0) { $0 + $1.count },
            buildSeconds: Double(built - start) / 1e9,
            searchSeconds: Double(searched - built) / 1e9,
            components: components.count
        )
    }
}
#endif
