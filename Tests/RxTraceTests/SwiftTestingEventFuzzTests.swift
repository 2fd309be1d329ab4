import Foundation
import XCTest

@testable import RxTraceRunner

/// Swift Testing's event records, as its entry point hands them to the test session, mutated:
/// byte by byte (cuts, flips, invalid UTF-8), value by value (wrong types, numbers at their
/// limits, odd strings) and nested thousands deep. The reader's contract: a record it cannot
/// use is nil, never a crash; one it uses carries the test's id as the record spells it, and a
/// source line only when the record holds that whole number.
final class SwiftTestingEventFuzzTests: XCTestCase {
    static let byteCases: UInt64 = 2_000
    static let valueCases: UInt64 = 2_000

    /// Records as Swift Testing 6.3.1 writes them, one of each kind the reader uses.
    static let records = [
        #"{"kind":"test","payload":{"id":"T.S/f(x:)/X.swift:19:2","isParameterized":true,"kind":"function","#
            + #""name":"f(x:)","sourceLocation":{"_filePath":"/p/X.swift","column":2,"fileID":"T/X.swift","line":19}},"version":0}"#,
        #"{"kind":"event","payload":{"instant":{"absolute":1,"since1970":2},"kind":"testStarted","messages":[],"#
            + #""testID":"T.S/f(x:)/X.swift:19:2"},"version":0}"#,
        #"{"kind":"event","payload":{"_testCase":{"displayName":"2","id":"case-2"},"kind":"testCaseStarted","#
            + #""messages":[],"testID":"T.S/f(x:)/X.swift:19:2"},"version":0}"#,
        #"{"kind":"event","payload":{"_testCase":{"displayName":"2","id":"case-2"},"issue":{"isKnown":false,"#
            + #""sourceLocation":{"_filePath":"/p/X.swift","fileID":"T/X.swift","line":19,"column":49}},"#
            + #""kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (x → 2) == 1"},"#
            + #"{"symbol":"details","text":"the second case"}],"testID":"T.S/f(x:)/X.swift:19:2"},"version":0}"#,
        #"{"kind":"event","payload":{"issue":{"_error":{"description":"E()"},"isKnown":false,"#
            + #""sourceLocation":{"_filePath":"/p/X.swift","line":18}},"kind":"issueRecorded","#
            + #""messages":[{"symbol":"fail","text":"Caught error: E()"}],"testID":"T.stThrow()/X.swift:18:2"},"version":0}"#,
        #"{"kind":"event","payload":{"_comments":["later"],"kind":"testSkipped","messages":[],"#
            + #""testID":"T.stDisabled()/X.swift:17:2"},"version":0}"#,
        #"{"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"T.S/f(x:)/X.swift:19:2"},"version":0}"#,
    ].map { Array($0.utf8) }

    func testTheRealRecordsAreEachRead() {
        for record in Self.records {
            XCTAssertNotNil(SwiftTestingEvent(json: Data(record)), String(decoding: record, as: UTF8.self))
        }
    }

    func testByteMutatedRecordsAreReadOrIgnoredWithoutACrash() {
        var read = 0
        for seed in 0..<Self.byteCases {
            var mutator = InputMutator(seed: seed)
            let index = Int(seed) % Self.records.count
            let bytes = mutator.mutate(Self.records[index], other: Self.records[(index + 1) % Self.records.count])
            guard let event = SwiftTestingEvent(json: Data(bytes)) else { continue }
            read += 1
            assertKeepsTheRecordsIdAndLine(event, bytes, seed: seed)
        }
        // Both paths of the reader are reached.
        XCTAssertGreaterThan(read, 0)
        XCTAssertLessThan(read, Int(Self.byteCases))
    }

    func testValueMutatedRecordsAreReadOrIgnoredWithoutACrash() throws {
        let values = try Self.records.map { try JSONSerialization.jsonObject(with: Data($0)) }
        var read = 0
        for seed in 0..<Self.valueCases {
            let bytes = try InputMutator.valueMutated(values, seed: seed)
            guard let event = SwiftTestingEvent(json: Data(bytes)) else { continue }
            read += 1
            assertKeepsTheRecordsIdAndLine(event, bytes, seed: seed)
        }
        XCTAssertGreaterThan(read, Int(Self.valueCases) / 10)
        XCTAssertLessThan(read, Int(Self.valueCases))
    }

    /// Nesting past any parser's depth: ignored, not a stack overflow.
    func testRecordsNestedThousandsDeepAreIgnored() {
        for depth in [1_000, 100_000] {
            let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let payload =
                #"{"kind":"event","payload":{"kind":"testStarted","testID":"#
                + String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) + "}}"
            XCTAssertNil(SwiftTestingEvent(json: Data(arrays.utf8)), "depth \(depth)")
            XCTAssertNil(SwiftTestingEvent(json: Data(payload.utf8)), "depth \(depth)")
        }
    }

    /// What a used record must keep: its test id as spelled, a line only when the record has
    /// that exact whole number (not a rounded huge one, not a string).
    private func assertKeepsTheRecordsIdAndLine(_ event: SwiftTestingEvent, _ bytes: [UInt8], seed: UInt64) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let payload = object["payload"] as? [String: Any]
        else { return XCTFail("seed \(seed): read from a record that is no JSON object with a payload") }
        let (id, line, location): (String, Int?, Any?)
        switch event {
        case .test(let testID, _, _, _, let testLine):
            (id, line, location) = (testID, testLine, (payload["sourceLocation"] as? [String: Any])?["line"])
        case .issue(let testID, _, _, let issue):
            let issueLocation = (payload["issue"] as? [String: Any])?["sourceLocation"] as? [String: Any]
            (id, line, location) = (testID, issue.line, issueLocation?["line"])
        case .testStarted(let testID), .testEnded(let testID), .caseStarted(let testID, _, _),
            .caseEnded(let testID, _, _), .skipped(let testID, _):
            (id, line, location) = (testID, nil, nil)
        }
        let recordID = payload[object["kind"] as? String == "test" ? "id" : "testID"] as? String
        XCTAssertEqual(id, recordID, "seed \(seed)")
        if let line {
            let number = location as? NSNumber
            XCTAssertEqual(
                number.map { $0.doubleValue },
                Double(line),
                "seed \(seed): line \(line) from \(location ?? "nothing")"
            )
        }
    }
}
