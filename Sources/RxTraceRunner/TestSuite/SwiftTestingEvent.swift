import Foundation
import RxTraceReport

/// One record of Swift Testing's event stream (version 0, what `swt_abiv0_getEntryPoint` and
/// `swift test --event-stream-output-path` write), reduced to what `rxtrace test` uses: a test's
/// declaration, its start and end, an argument case's start and end, a recorded issue, a skip.
package enum SwiftTestingEvent: Equatable {
    /// A test or suite as the run describes it before it runs.
    case test(id: String, isFunction: Bool, isParameterized: Bool, file: String?, line: Int?)
    case testStarted(id: String)
    case testEnded(id: String)
    /// An argument case of a parameterized test (`displayName`, Swift Testing's stable case id).
    case caseStarted(id: String, caseName: String?, caseID: String?)
    case caseEnded(id: String, caseName: String?, caseID: String?)
    /// An issue recorded during a test (or one of its cases, when `caseID` is set).
    case issue(id: String, caseName: String?, caseID: String?, issue: TestIssue)
    /// A test that did not run: `.disabled("comment")` or another trait; `comment` as written.
    case skipped(id: String, comment: String?)

    /// Parses one JSON record; nil for records `rxtrace test` does not use.
    package init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let kind = object["kind"] as? String, let payload = object["payload"] as? [String: Any]
        else { return nil }
        if kind == "test" {
            guard let id = payload["id"] as? String else { return nil }
            let location = payload["sourceLocation"] as? [String: Any]
            self = .test(
                id: id,
                isFunction: payload["kind"] as? String == "function",
                isParameterized: payload["isParameterized"] as? Bool ?? false,
                file: location?["_filePath"] as? String ?? location?["fileID"] as? String,
                line: location?["line"] as? Int
            )
            return
        }
        guard kind == "event", let event = payload["kind"] as? String, let id = payload["testID"] as? String else {
            return nil
        }
        let testCase = payload["_testCase"] as? [String: Any]
        let caseName = testCase?["displayName"] as? String
        let caseID = testCase?["id"] as? String
        switch event {
        case "testStarted": self = .testStarted(id: id)
        case "testEnded": self = .testEnded(id: id)
        case "testCaseStarted": self = .caseStarted(id: id, caseName: caseName, caseID: caseID)
        case "testCaseEnded": self = .caseEnded(id: id, caseName: caseName, caseID: caseID)
        case "testSkipped":
            let comments = (payload["_comments"] as? [String]) ?? []
            self = .skipped(id: id, comment: comments.isEmpty ? nil : comments.joined(separator: "\n"))
        case "issueRecorded":
            guard let issue = payload["issue"] as? [String: Any] else { return nil }
            let location = issue["sourceLocation"] as? [String: Any]
            let messages = (payload["messages"] as? [[String: Any]]) ?? []
            // The first message is the issue itself; later ones are its details and comments.
            let text = messages.compactMap { $0["text"] as? String }
            self = .issue(
                id: id,
                caseName: caseName,
                caseID: caseID,
                issue: TestIssue(
                    kind: issue["_error"] != nil ? .thrownError : .assertion,
                    message: text.joined(separator: "\n"),
                    file: location?["_filePath"] as? String ?? location?["fileID"] as? String,
                    line: location?["line"] as? Int,
                    isKnown: issue["isKnown"] as? Bool ?? false
                )
            )
        default:
            return nil
        }
    }
}
