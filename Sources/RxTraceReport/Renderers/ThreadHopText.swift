/// The thread-hop report of a scenario as text: per chain, the stages source first with the
/// place each delivered on where it changes, then where it was subscribed and its hop sequence.
/// Used by the text renderer (and by any renderer that prints hops as lines).
enum ThreadHopText {
    /// The scenario's stages grouped by chain, in chain order.
    static func chains(_ hops: [ReportThreadHop]) -> [[ReportThreadHop]] {
        var grouped: [Int: [ReportThreadHop]] = [:]
        var order: [Int] = []
        for hop in hops {
            let chain = hop.chain ?? 0
            if grouped[chain] == nil { order.append(chain) }
            grouped[chain, default: []].append(hop)
        }
        return order.map { grouped[$0]!.sorted { ($0.position ?? 0) < ($1.position ?? 0) } }
    }

    /// "just [main] → observe(on: green) → filter → … → subscribe"; sibling sources of a merge
    /// are separated by commas.
    static func stagesLine(_ chain: [ReportThreadHop]) -> String {
        var line = ""
        var previousPlace: String?
        for (index, hop) in chain.enumerated() {
            if index > 0 {
                let feedsNext = chain[index - 1].downstream == (chain[index - 1].position ?? index - 1) + 1
                line += feedsNext ? " → " : ", "
            }
            var text = hop.stage
            let place = deliveryPlace(hop)
            let isEnd = index == 0 || index == chain.count - 1
            if !hop.stage.hasPrefix("observe(on:"), isEnd || place != previousPlace || hop.isHop == true {
                text += " [\(place)]"
            }
            if let anomaly = hop.anomaly { text += " ⚠ \(anomaly)" }
            line += text
            previousPlace = place
        }
        return line
    }

    /// "subscribed on main · hops main → green → red → green · at File.swift:12"
    static func summaryLine(_ chain: [ReportThreadHop]) -> String {
        guard let last = chain.last else { return "" }
        var line = "subscribed on \(last.chainSubscribedOn ?? "unknown")"
        if let hops = last.chainHops, !hops.isEmpty { line += " · hops " + hops.joined(separator: " → ") }
        if let site = last.callSite { line += " · at \(site.fileAndLineNoted)" }
        return line
    }

    /// Where a stage delivered ("green", "red|green"), or "no events" when it delivered none
    /// (an `interval` that never fired): the analysis then fills `thread` with where it was
    /// subscribed, which is not where it delivers, and unknown beats a guess. Reports from
    /// before `deliveredOn` was recorded show `thread`.
    static func deliveryPlace(_ hop: ReportThreadHop) -> String {
        guard let delivered = hop.deliveredOn else { return hop.placeName }
        return placeSet(delivered) ?? "no events"
    }

    /// "green", "red|green"; nil for no places.
    static func placeSet(_ places: [ReportHopPlace]?) -> String? {
        guard let places, !places.isEmpty else { return nil }
        return Array(Set(places.map(\.shortName))).sorted().joined(separator: "|")
    }
}
