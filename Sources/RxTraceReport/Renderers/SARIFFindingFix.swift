/// A finding's patch (`rxtrace test --fix`) on its SARIF result: a verified patch as the
/// result's `fixes` (SARIF 2.1.0 §3.27.30: one `fix` whose `artifactChanges` hold the call site's
/// file and its `replacements`, each a `deletedRegion` and its `insertedContent`); every patch's
/// verdict in the result's properties (`patch`: `verified`, or `not verified: <why>`). A patch
/// that is not verified is no fix to offer, so it stays out of `fixes`.
enum SARIFFindingFix {
    /// `artifact` is the call site's `artifactLocation`: every replacement is in that file.
    static func add(_ patch: FindingPatch, artifact: JSONValue, to fields: inout [String: JSONValue]) {
        if case .object(var properties)? = fields["properties"] {
            properties["patch"] = .string(patch.mark)
            fields["properties"] = .object(properties)
        }
        guard patch.verified, !patch.replacements.isEmpty else { return }
        let replacements: [JSONValue] = patch.replacements.map { replacement in
            [
                "deletedRegion": [
                    "startLine": .int(replacement.startLine),
                    "startColumn": .int(replacement.startColumn),
                    "endLine": .int(replacement.endLine),
                    "endColumn": .int(replacement.endColumn),
                ],
                "insertedContent": ["text": .string(replacement.text)],
            ]
        }
        fields["fixes"] = [
            [
                "description": ["text": .string("Verified by rxtrace test --fix: \(patch.summary ?? "the patch")")],
                "artifactChanges": [["artifactLocation": artifact, "replacements": .array(replacements)]],
            ]
        ]
    }
}
