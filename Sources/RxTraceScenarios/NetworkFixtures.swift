import Foundation
import RxCore
import RxTraceRunner

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The backend the network scenarios (C20–C23) talk to: a real HTTP server on 127.0.0.1,
// started by the scenario on its first pass and shared by the later ones.

/// One local server with the endpoints of the examples.
func exampleBackend(_ context: ScenarioContext) throws -> LocalHTTPServer {
    try context.shared("backend") {
        try LocalHTTPServer { request in
            switch request.path {
            case "/repos/ReactiveX/RxSwift/events":
                // GitFeed: a GitHub-like list of events.
                return .json([
                    [
                        "id": "1", "type": "PushEvent", "actor": ["login": "alice"],
                        "repo": ["name": "ReactiveX/RxSwift"],
                    ],
                    [
                        "id": "2", "type": "WatchEvent", "actor": ["login": "bob"],
                        "repo": ["name": "ReactiveX/RxSwift"],
                    ],
                ])
            case "/search":
                // Search: slow enough that a newer query supersedes the previous request.
                let query = request.query["q"] ?? ""
                return .json((1...3).map { "\(query) result \($0)" }, delay: 0.05)
            case "/repositories":
                let query = request.query["q"] ?? ""
                if query == "fail" { return .json(["message": "server error"], status: 500) }
                return .json(
                    [["name": "\(query)-kit", "stars": 42], ["name": "Rx\(query)", "stars": 7]],
                    delay: 0.02
                )
            case "/items":
                return .json(["apple", "banana", "cherry"])
            default:
                return .json(["message": "not found"], status: 404)
            }
        }
    }
}

/// A session without caches, so every request reaches the server.
func exampleSession(_ context: ScenarioContext) -> URLSession {
    context.shared("session") {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }
}

struct ScenarioTimeout: Error, CustomStringConvertible {
    var what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Waits (running the main run loop) until `condition` holds, or throws.
func waitFor(_ context: ScenarioContext, _ what: String, timeout: TimeInterval = 5, _ condition: () -> Bool) throws {
    guard context.wait(timeout: timeout, until: condition) else { throw ScenarioTimeout(what: what) }
}
