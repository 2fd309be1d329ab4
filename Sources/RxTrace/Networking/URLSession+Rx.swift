import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RxCore

/// Errors of `URLSession.rx` requests.
public enum RxURLSessionError: Error, CustomStringConvertible {
    /// The response was not an HTTP response.
    case nonHTTPResponse(response: URLResponse)
    /// The HTTP status was outside 200..<300 (`data(request:)` only).
    case requestFailed(response: HTTPURLResponse, data: Data?)
    /// The session finished with neither a response nor an error.
    case unknown

    public var description: String {
        switch self {
        case .nonHTTPResponse(let response): return "response is not an HTTP response: \(response)"
        case .requestFailed(let response, _): return "HTTP request failed with status \(response.statusCode)"
        case .unknown: return "unknown URLSession error"
        }
    }
}

extension Reactive where Base: URLSession {
    /// Performs `request` on subscription and emits the HTTP response with its body, then
    /// completes. Disposing before the response arrives cancels the task.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = base
        return Observable.create { observer in
            let task = session.dataTask(with: request) { data, response, error in
                guard let response, let data else {
                    observer.on(.error(error ?? RxURLSessionError.unknown))
                    return
                }
                guard let httpResponse = response as? HTTPURLResponse else {
                    observer.on(.error(RxURLSessionError.nonHTTPResponse(response: response)))
                    return
                }
                observer.on(.next((httpResponse, data)))
                observer.on(.completed)
            }
            task.resume()
            return Disposables.create { task.cancel() }
        }
    }

    /// Performs `request` and emits the body when the status is 2xx; other statuses are errors.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { pair -> Data in
            guard 200..<300 ~= pair.response.statusCode else {
                throw RxURLSessionError.requestFailed(response: pair.response, data: pair.data)
            }
            return pair.data
        }
    }
}
