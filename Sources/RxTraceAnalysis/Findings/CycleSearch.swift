#if TRACE_RESOURCES
import RxTraceReport
/// Strongly connected components over a heap graph's strong edges (iterative Tarjan, so deep
/// chains do not overflow the stack), and the shortest cycle through a node inside one.
enum CycleSearch {
    /// The components of more than one node, or of one node that references itself, among the
    /// nodes reachable from `roots`; with `within`, only through nodes it accepts (roots it
    /// rejects are skipped).
    static func components(_ graph: HeapGraph, reachableFrom roots: [Int], within: ((Int) -> Bool)? = nil) -> [[Int]] {
        let n = graph.count
        var order = [Int32](repeating: -1, count: n)
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        var counter: Int32 = 0
        var result: [[Int]] = []
        // Explicit DFS frames: (node, next edge index).
        var frames: [(node: Int, edge: Int)] = []

        for root in roots where order[root] < 0 && within?(root) != false {
            frames.append((root, 0))
            order[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let top = frames.last {
                let edges = graph.edges[top.node]
                if top.edge < edges.count {
                    frames[frames.count - 1].edge += 1
                    let edge = edges[top.edge]
                    if edge.possible { continue }
                    let next = Int(edge.target)
                    if within?(next) == false { continue }
                    if order[next] < 0 {
                        order[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        frames.append((next, 0))
                    } else if onStack[next] {
                        low[top.node] = min(low[top.node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[top.node]) }
                if low[top.node] == order[top.node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == top.node { break }
                    }
                    let selfLoop =
                        component.count == 1
                        && graph.edges[top.node].contains { !$0.possible && Int($0.target) == top.node }
                    if component.count > 1 || selfLoop { result.append(component) }
                }
            }
        }
        return result
    }

    /// One step of a path: the node and the edge (index into its edges) to the next node.
    struct Step: Equatable {
        var node: Int
        var edge: Int
    }

    /// The shortest cycle from `start` back to itself through strong edges inside `members`
    /// (breadth first), as steps starting at `start`.
    static func shortestCycle(_ graph: HeapGraph, from start: Int, within members: Set<Int>) -> [Step]? {
        shortestPath(graph, from: start, to: start, within: members)
    }

    /// The shortest path from `start` to `end` through strong edges inside `members` (breadth
    /// first), as steps starting at `start`; when they are the same node, the shortest cycle.
    static func shortestPath(_ graph: HeapGraph, from start: Int, to end: Int, within members: Set<Int>) -> [Step]? {
        var previous: [Int: Step] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for (i, edge) in graph.edges[node].enumerated() where !edge.possible {
                let next = Int(edge.target)
                guard members.contains(next) else { continue }
                if next == end {
                    var path = [Step(node: node, edge: i)]
                    var current = node
                    while current != start, let step = previous[current] {
                        path.append(step)
                        current = step.node
                    }
                    return path.reversed()
                }
                if previous[next] == nil, next != start {
                    previous[next] = Step(node: node, edge: i)
                    queue.append(next)
                }
            }
        }
        return nil
    }
}
#endif
