import Foundation
import RxTraceAnalysis
import RxTraceReport

/// Picks scenarios by name, by filter and by shard.
package enum ScenarioSelection {
    /// The scenarios named, in the order given; an unknown name is bad input.
    package static func named(_ names: [String], in catalog: [Scenario]) throws -> [Scenario] {
        try names.map { name in
            guard let scenario = catalog.first(where: { $0.name == name }) else {
                throw BadInput("unknown scenario '\(name)' (see '\(ToolInfo.currentExecutable) list')")
            }
            return scenario
        }
    }

    /// Scenarios whose name matches `pattern`: a glob when it has `*` or `?`, else a substring.
    package static func filtered(_ catalog: [Scenario], pattern: String?) -> [Scenario] {
        guard let pattern, !pattern.isEmpty else { return catalog }
        if pattern.contains("*") || pattern.contains("?") {
            return catalog.filter { fnmatch(pattern, $0.name, 0) == 0 }
        }
        return catalog.filter { $0.name.contains(pattern) }
    }

    /// What `--filter` and `--shard` choose; a filter that matches nothing or an empty shard is
    /// bad input, so a gate never passes on no scenario at all.
    package static func selected(_ catalog: [Scenario], filter: String?, shard spec: String?) throws -> [Scenario] {
        let filtered = filtered(catalog, pattern: filter)
        if filtered.isEmpty, let filter {
            throw BadInput("no scenario matches --filter '\(filter)' (see '\(ToolInfo.currentExecutable) list')")
        }
        let selected = try shard(filtered, spec)
        if selected.isEmpty, let spec {
            throw BadInput("shard \(spec) holds no scenario: there are only \(filtered.count); use fewer shards")
        }
        return selected
    }

    /// Shard `index` of `count` (1-based, "2/4"): every count-th scenario in name order, so
    /// the shards of one catalogue are disjoint and together cover it.
    package static func shard(_ scenarios: [Scenario], _ spec: String?) throws -> [Scenario] {
        try shard(scenarios, spec, name: \.name)
    }

    /// Shard `index` of `count` of any named items (tests for `rxtrace test`), as above.
    static func shard<Item>(_ items: [Item], _ spec: String?, name: (Item) -> String) throws -> [Item] {
        guard let spec else { return items }
        let parts = spec.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else {
            throw BadInput("malformed --shard '\(spec)': expected i/n with 1 ≤ i ≤ n, for example 2/4")
        }
        return items.sorted { name($0) < name($1) }.enumerated()
            .filter { $0.offset % count == index - 1 }
            .map(\.element)
    }
}
