import Foundation

/// SARIF 2.1.0 for code-scanning services. One rule per finding kind (RX001 leaked
/// subscriptions, RX002 reference cycles, RX003 thread anomalies, RX004 unreleased objects);
/// each result is located at the repository-relative user call site, carries our signature
/// in `partialFingerprints`, its reference cycle or retention path and its backtrace as
/// `codeFlows` thread flows (a cycle finding sits at the reference to break). Suppressed
/// findings carry a SARIF suppression; with a baseline, `baselineState` says new or unchanged.
/// Crashed and timed-out scenarios are reported as tool execution notifications.
public struct SARIFReportRenderer: Sendable {
    /// The key under `partialFingerprints`.
    public static let fingerprintKey = "rxtraceSignature/v2"
    /// The uriBaseId of repository-relative locations.
    public static let sourceRootBaseID = "%SRCROOT%"
    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// `MAJOR.MINOR.PATCH` with an optional `-prerelease` and `+build`, numbers without leading zeros.
    static func isSemanticVersion(_ version: String) -> Bool {
        version.wholeMatch(
            of: #/(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?/#
        ) != nil
    }

    public init() {}

    /// The rule id for a finding kind.
    public static func ruleID(_ kind: FindingKind) -> String {
        switch kind {
        case .leakedSubscription: return "RX001"
        case .referenceCycle: return "RX002"
        case .threadAnomaly: return "RX003"
        case .unreleasedObject: return "RX004"
        }
    }

    public func render(_ report: RunReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document(report))) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    func document(_ report: RunReport) -> JSONValue {
        let kinds = FindingKind.allCases
        var results: [JSONValue] = []
        // One result per distinct bug: where it was first seen, naming every scenario or test.
        let groups = report.findingGroups
        for scenario in report.scenarios {
            for finding in scenario.findings where groups.entry(of: finding, otherThan: scenario) == nil {
                results.append(
                    result(
                        finding,
                        scenario: scenario,
                        subject: report.subject,
                        ruleIndex: kinds.firstIndex(of: finding.kind)!,
                        baseline: report.baseline != nil,
                        seenIn: groups.shared(finding, in: scenario)
                    )
                )
            }
        }
        var notifications: [JSONValue] = []
        for scenario in report.scenarios where scenario.isUnexpectedlyAbnormal {
            notifications.append(notification(for: scenario, subject: report.subject))
        }
        if let interruption = report.interruption {
            notifications.append([
                "level": "error", "message": ["text": .string("Run \(interruption.displayText(for: report.subject)).")],
            ])
        }
        // Errors only: a note does not make the run unsuccessful.
        let executionSuccessful = notifications.isEmpty
        if let note = report.host.heapGraphNote {
            notifications.append(["level": "note", "message": ["text": .string(note)]])
        }
        var driver: [String: JSONValue] = [
            "name": .string(report.tool.name),
            "version": .string(report.tool.version),
            "rules": .array(kinds.map(rule)),
        ]
        // SARIF 2.1.0 §3.19.5: a Semantic Versioning 2.0 version; a build from an untagged
        // commit has only the commit.
        if Self.isSemanticVersion(report.tool.version) { driver["semanticVersion"] = .string(report.tool.version) }
        if let commit = report.tool.commit { driver["properties"] = ["commit": .string(commit)] }
        let run: JSONValue = [
            "tool": ["driver": .object(driver)],
            "results": .array(results),
            "columnKind": "unicodeCodePoints",
            // SARIF 2.1.0 §3.14.14: the base id is declared without a uri, so the file names
            // no folder of this machine; code scanning resolves it to the checkout.
            "originalUriBaseIds": [
                Self.sourceRootBaseID: [
                    "description": [
                        "text":
                            "The repository root: the nearest folder holding .git above where rxtrace ran, or --source-root."
                    ]
                ]
            ],
            "invocations": [
                [
                    "executionSuccessful": .bool(executionSuccessful),
                    "endTimeUtc": .string(ISO8601DateFormatter().string(from: report.generatedAt)),
                    "toolExecutionNotifications": .array(notifications),
                ]
            ],
            "properties": [
                "schemaVersion": .int(report.schemaVersion),
                // "tests" for rxtrace test, "scenarios" for run and check.
                report.subject.rawValue: .int(report.scenarios.count),
            ],
        ]
        return [
            "$schema": .string(Self.schemaURI),
            "version": "2.1.0",
            "runs": [run],
        ]
    }

    private func rule(_ kind: FindingKind) -> JSONValue {
        let (name, short, full, help): (String, String, String, String)
        switch kind {
        case .leakedSubscription:
            name = "LeakedSubscription"
            short = "A subscription outlives the work that created it."
            full =
                "Resources created by a subscription (sinks, observers, disposables) are still alive after the scenario or test ran twice and its schedulers drained. The chain keeps running, or at least keeps its memory, every time the code runs."
            help =
                "Dispose the subscription: add it to a DisposeBag owned by the object whose lifetime it should share (`.disposed(by: bag)`), keep its Disposable and dispose it, or end the sequence (take(until:), take(1)). A chain that never completes (interval, a subject kept by a long-lived object) must be disposed."
        case .referenceCycle:
            name = "ReferenceCycle"
            short = "A reference cycle keeps a subscription and its owner alive."
            full =
                "The objects of a chain reference each other in a loop, so none is ever released: typically a closure that captures its owner strongly (self → disposeBag → sink → closure → self), or a subject or resource that keeps the subscription made from it (subject → observer → sink → resource → subject)."
            help =
                "Break the reference each result marks: where a closure of yours captures its owner, capture it weakly (`[weak self]`, or `[unowned self]` when the chain is disposed with its owner; an instance method passed as `map(self.transform)` captures self too); where a subscription is on the cycle, dispose it. Each result's message ends with the fix for its cycle."
        case .threadAnomaly:
            name = "ThreadAnomaly"
            short = "The Rx contract between threads was broken."
            full =
                "One of: (1) an observer received overlapping `on` calls (two threads, or re-entrant); (2) an event was sent after a terminal event; (3) an element was sent to a subscription after dispose() returned on the same serial scheduler; (4) a consumer that requires the main thread (ensureRunningOnMainThread(), requireMainThread()) received events on another thread, or an API that belongs there (RxCocoa's `drive`) was called on another thread; (5) a subscription was disposed on one thread while its subscriber ran on another."
            help =
                "Serialize producers (a serial scheduler, merge, a subject fed from one thread), stop sending after completed/error, make hand-written sources honour their disposable, add `observe(on: MainScheduler.instance)` before main-thread consumers, call `drive` and main-thread checks from the main thread, and dispose on the scheduler that delivers. Each result's message ends with the fix for its anomaly."
        case .unreleasedObject:
            name = "UnreleasedObject"
            short = "An object expected to be released is still alive."
            full =
                "The scenario or test marked an object (a screen's view model, for example) as expected to be released after use, and it is still alive after the passes drained."
            help =
                "Find what still references the object: usually a subscription it created that was not disposed, or a closure that captures it strongly."
        }
        return [
            "id": .string(Self.ruleID(kind)),
            "name": .string(name),
            "shortDescription": ["text": .string(short)],
            "fullDescription": ["text": .string(full)],
            "help": ["text": .string(help), "markdown": .string(help)],
            "defaultConfiguration": ["level": "error"],
            "properties": ["tags": ["memory", "rx"]],
        ]
    }

    private func result(
        _ finding: LeakFinding,
        scenario: ScenarioReport,
        subject: RunSubject,
        ruleIndex: Int,
        baseline: Bool,
        seenIn group: FindingGroup?
    ) -> JSONValue {
        var message = "\(finding.headline) in \(subject.noun) \(scenario.name)"
        if let group { message += " (\(group.seenInText(subject)))" }
        let cycle =
            finding.kind == .referenceCycle ? scenario.cycles.first { $0.signature == finding.signature } : nil
        if let site = finding.callSite {
            // A cycle is placed at its closure only when a closure is the reference to break; a
            // cycle with none (a `using` resource keeping its source) is placed at its subscribe.
            let breakStep = cycle.flatMap { cycle in
                cycle.breakAt.flatMap { cycle.steps.indices.contains($0) ? cycle.steps[$0] : nil }
            }
            let closed = breakStep.map { $0.closure != nil } ?? true
            let place = finding.kind == .referenceCycle && closed ? "closed by the closure at" : "subscribed at"
            message += ", \(place) \(site.fileAndLine)\(site.function.map { " in \($0)" } ?? "")"
        }
        if let via = finding.viaDependency { message += ", \(via.text)" }
        if let note = finding.mergedFunctionNote { message += " (\(note))" }
        if let anomaly = finding.anomaly {
            message +=
                "; anomaly \(anomaly.number)\(anomaly.stage.map { " at \($0)" } ?? ""): \(anomaly.detail), on \(anomaly.place.longName)"
            message += anomaly.otherPlace.map { " (other side on \($0.longName))." } ?? "."
        } else {
            message += "; grows by \(finding.growthPerPass) per pass."
        }
        if let reason = finding.retentionReason { message += " \(reason.prefix(1).uppercased() + reason.dropFirst())." }
        if let instances = cycle.flatMap(ReferenceTraceText.instancesAlive) {
            message += " \(instances.prefix(1).uppercased() + instances.dropFirst())."
        }
        // The rule's help is its kind's usual fix; the finding's own (a cycle with no closure on
        // it, a test case's property to release) is only here.
        message += " Fix: \(finding.fixHint)"
        var fields: [String: JSONValue] = [
            "ruleId": .string(Self.ruleID(finding.kind)),
            "ruleIndex": .int(ruleIndex),
            "level": finding.isActionable && !scenario.expectedVerdict.expects(finding.kind) ? "error" : "note",
            "message": ["text": .string(message)],
            "partialFingerprints": [Self.fingerprintKey: .string(finding.signature)],
            "properties": [
                subject.noun: .string(scenario.name),
                "count": .int(finding.count),
                "growthPerPass": .int(finding.growthPerPass),
                "operatorChain": .array(finding.operatorChain.map { .string($0) }),
                "resourceTypes": .array(finding.resourceTypes.map { .string($0) }),
            ],
        ]
        if let group, case .object(var properties)? = fields["properties"] {
            properties["seenIn"] = .array(group.seenIn.map { .string($0) })
            properties["totalCount"] = .int(group.count)
            fields["properties"] = .object(properties)
        }
        if let site = finding.callSite {
            var siteLocation = location(file: site.file, base: site.fileBase, line: site.line, message: site.function)
            // The call site's own line as region.snippet, the lines around it as contextRegion.
            if let snippet = finding.snippet, let text = snippet.highlightedText,
                case .object(var placed) = siteLocation, case .object(var physical)? = placed["physicalLocation"]
            {
                physical["region"] = ["startLine": .int(site.line), "snippet": ["text": .string(text)]]
                physical["contextRegion"] = [
                    "startLine": .int(snippet.firstLine),
                    "endLine": .int(snippet.firstLine + snippet.lines.count - 1),
                    "snippet": ["text": .string(snippet.lines.joined(separator: "\n") + "\n")],
                ]
                placed["physicalLocation"] = .object(physical)
                siteLocation = .object(placed)
            }
            fields["locations"] = [siteLocation]
            if let patch = finding.patch, site.fileBase != .outside {
                SARIFFindingFix.add(patch, artifact: artifact(site.file), to: &fields)
            }
        }
        var flows: [JSONValue] = []
        if let cycle {
            flows.append(
                referenceFlow(
                    cycle.steps,
                    breakAt: cycle.breakAt,
                    message: "Reference cycle, from \(cycle.steps.first?.typeName ?? "its first object") back to it"
                )
            )
        }
        if let path = finding.retentionPath {
            flows.append(
                referenceFlow(
                    path.steps,
                    breakAt: nil,
                    message: "Kept alive by \(path.holder): references from the holder to the leak"
                )
            )
        }
        if !finding.backtrace.isEmpty {
            var threadFlows: [JSONValue] = [["locations": .array(threadFlowLocations(finding.backtrace))]]
            if let other = finding.anomaly?.otherBacktrace, !other.isEmpty {
                threadFlows.append([
                    "message": ["text": "The other side"], "locations": .array(threadFlowLocations(other)),
                ])
            }
            flows.append([
                "message": [
                    "text": .string(
                        finding.anomaly == nil
                            ? "Allocation backtrace, innermost frame first"
                            : "Backtraces, innermost frame first: the detecting side, then the other side when captured"
                    )
                ],
                "threadFlows": .array(threadFlows),
            ])
        }
        if !flows.isEmpty { fields["codeFlows"] = .array(flows) }
        if let rule = finding.suppressedBy {
            fields["suppressions"] = [
                [
                    "kind": "external",
                    "status": "accepted",
                    "justification": .string("\(rule.ruleText) — \(rule.reason)"),
                ]
            ]
        }
        if baseline, let isNew = finding.isNew {
            fields["baselineState"] = isNew ? "new" : "unchanged"
        }
        return .object(fields)
    }

    /// One thread flow's steps: a backtrace, innermost frame first, folded frames unimportant.
    private func threadFlowLocations(_ frames: [ReportFrame]) -> [JSONValue] {
        frames.map { frame in
            var step: [String: JSONValue] = [
                "location": frame.file.map {
                    location(file: $0, base: frame.fileBase, line: frame.line, message: frame.function)
                }
                    ?? ["message": ["text": .string(frame.function)]],
                "importance": frame.isFolded ? "unimportant" : "essential",
            ]
            step["properties"] = ["origin": .string(frame.origin.rawValue)]
            return .object(step)
        }
    }

    /// A cycle or retention path as a thread flow: one location per object, at the closure's
    /// line when the reference is a closure's context; the reference to break is essential.
    private func referenceFlow(_ steps: [ReportCycle.Step], breakAt: Int?, message: String) -> JSONValue {
        let locations: [JSONValue] = steps.enumerated().map { index, step in
            var text = step.typeName
            if let via = step.via { text += ".\(via)" }
            if let closure = step.closure { text += " = \(closure)" }
            if index == breakAt { text += " (break this reference)" }
            let place =
                step.location.map { location(file: $0.file, base: $0.fileBase, line: $0.line, message: text) }
                ?? ["message": ["text": .string(text)]]
            return ["location": place, "importance": index == breakAt ? "essential" : "important"]
        }
        return ["message": ["text": .string(message)], "threadFlows": [["locations": .array(locations)]]]
    }

    /// A scenario or test that crashed, hung or threw: an error notification (it has no result
    /// to carry), naming the line each thread in user code waited or crashed at, and placing it
    /// (SARIF 2.1.0 §3.58.4, `notification.locations`) so a viewer can open that line.
    private func notification(for scenario: ScenarioReport, subject: RunSubject) -> JSONValue {
        var text = "\(subject.title) \(scenario.name) \(scenario.status.displayName)"
        var fields: [String: JSONValue] = ["level": "error"]
        if let stop = ScenarioStop(scenario) {
            text += "; " + stop.placeLine
            let places: [JSONValue] = stop.threadsInUserCode.compactMap { thread in
                guard let frame = thread.userFrame, let file = frame.file else { return nil }
                return location(
                    file: file,
                    base: frame.fileBase,
                    line: frame.line,
                    message: "\(thread.label) \(stop.verb) here, in \(frame.function)"
                )
            }
            if !places.isEmpty { fields["locations"] = .array(places) }
        }
        fields["message"] = ["text": .string(text + ".")]
        return .object(fields)
    }

    /// A repository file is a physical location under %SRCROOT%; a file outside the repository
    /// (a dependency, the toolchain) cannot be resolved, so its readable path goes in the
    /// message instead of a URI.
    private func location(file: String, base: SourcePathBase?, line: Int?, message: String?) -> JSONValue {
        if base == .outside {
            let place = line.map { "\(file):\($0)" } ?? file
            return ["message": ["text": .string(message.map { "\($0) (\(place))" } ?? place)]]
        }
        var physical: [String: JSONValue] = ["artifactLocation": artifact(file)]
        if let line, line > 0 { physical["region"] = ["startLine": .int(line)] }
        var location: [String: JSONValue] = ["physicalLocation": .object(physical)]
        if let message { location["message"] = ["text": .string(message)] }
        return .object(location)
    }

    /// Repository-relative paths are resolved against %SRCROOT%; absolute ones (reports from
    /// before paths were placed) become file URIs.
    private func artifact(_ path: String) -> JSONValue {
        if path.hasPrefix("/") {
            return ["uri": .string(URL(fileURLWithPath: path).absoluteString)]
        }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return ["uri": .string(encoded), "uriBaseId": .string(Self.sourceRootBaseID)]
    }
}
