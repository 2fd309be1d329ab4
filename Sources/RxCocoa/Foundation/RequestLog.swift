import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `URLSession.rx.response(request:)` prints when `shouldLogRequest` says so: the request
/// as a curl command, then the outcome with its duration in milliseconds.
struct RequestLog {
    let request: URLRequest
    let start = Date()

    func finish(response: URLResponse?, error: Error?) {
        print(curlCommand)
        print(outcome(response: response, error: error.map { $0 as NSError }))
    }

    var curlCommand: String {
        var command = "curl -X \(request.httpMethod ?? "GET") "
        if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
            command += "-d \"\(Self.escaped(text))\" "
        }
        for (key, value) in request.allHTTPHeaderFields ?? [:] {
            command += "\n    -H \"\(Self.escaped(key)): \(Self.escaped(value))\" "
        }
        command += "\n\"\(Self.escaped(request.url?.absoluteString ?? "<unknown url>"))\""
        return command + " -i -v"
    }

    func outcome(response: URLResponse?, error: NSError?) -> String {
        let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
        if let response = response as? HTTPURLResponse {
            let verdict = 200..<300 ~= response.statusCode ? "Success" : "Failure"
            return "\(verdict) (\(milliseconds)ms): Status \(response.statusCode)"
        }
        if let error {
            if error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled {
                return "Canceled (\(milliseconds)ms)"
            }
            return "Failure (\(milliseconds)ms): NSError > \(error)"
        }
        return "<Unhandled response from server>"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "\\\"")
    }
}
