import Foundation
import RxSwift

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Errors of `URLSession.rx` requests.
public enum RxCocoaURLError: Swift.Error, CustomDebugStringConvertible {
    /// The session finished with neither a response nor an error.
    case unknown
    /// The response was not an HTTP response.
    case nonHTTPResponse(response: URLResponse)
    /// The HTTP status was outside 200..<300 (`data(request:)` and `json(request:)`).
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The body was not JSON (`json(request:)`).
    case deserializationError(error: Swift.Error)

    public var debugDescription: String {
        switch self {
        case .unknown:
            return "Unknown error has occurred."
        case let .nonHTTPResponse(response):
            return "Response is not NSHTTPURLResponse `\(response)`."
        case let .httpRequestFailed(response, _):
            return "HTTP request failed with `\(response.statusCode)`."
        case let .deserializationError(error):
            return "Error during deserialization of the response: \(error)"
        }
    }
}

extension Reactive where Base: URLSession {
    /// Performs `request` for each subscriber and sends the HTTP response with its body, then
    /// completes. Disposing before the response arrives cancels the task. When
    /// `URLSession.rx.shouldLogRequest(request)` is true, the request is printed as a curl
    /// command with the outcome and its time.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = base
        return Observable.create { observer in
            let log = URLSession.rx.shouldLogRequest(request) ? RequestLog(request: request) : nil
            let task = session.dataTask(with: request) { data, response, error in
                log?.finish(response: response, error: error)
                guard let response, let data else {
                    observer.on(.error(error ?? RxCocoaURLError.unknown))
                    return
                }
                guard let httpResponse = response as? HTTPURLResponse else {
                    observer.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
                    return
                }
                observer.on(.next((httpResponse, data)))
                observer.on(.completed)
            }
            task.resume()
            return Disposables.create { task.cancel() }
        }
    }

    /// Performs `request` and sends the body when the status is 2xx; any other status fails
    /// with `RxCocoaURLError.httpRequestFailed`.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { pair -> Data in
            guard 200..<300 ~= pair.response.statusCode else {
                throw RxCocoaURLError.httpRequestFailed(response: pair.response, data: pair.data)
            }
            return pair.data
        }
    }

    /// Performs `request` and sends the body parsed by `JSONSerialization`; a body that does not
    /// parse fails with `RxCocoaURLError.deserializationError`.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map { data -> Any in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxCocoaURLError.deserializationError(error: error)
            }
        }
    }

    /// `json(request:)` for a GET of `url`.
    public func json(url: Foundation.URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}

extension Reactive where Base == URLSession {
    /// Whether `response(request:)` prints a request and its outcome: every request in debug
    /// builds, none in release, as in RxCocoa. Replace it to choose.
    nonisolated(unsafe) public static var shouldLogRequest: (URLRequest) -> Bool = { _ in
        #if DEBUG
        return true
        #else
        return false
        #endif
    }
}
