import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and a free port, so network scenarios make real
/// requests through URLSession. One request per connection (`Connection: close`); each
/// connection is served on its own thread so a slow response does not hold the others up.
final class LocalHTTPServer {
    struct Request {
        var method: String
        var path: String
        var query: [String: String]
    }

    struct Response {
        var status: Int = 200
        var body: Data
        var contentType = "application/json"
        /// Seconds to wait before answering, to model a slow backend.
        var delay: TimeInterval = 0

        static func json(_ object: Any, status: Int = 200, delay: TimeInterval = 0) -> Response {
            let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("null".utf8)
            return Response(status: status, body: data, delay: delay)
        }
    }

    private let listener: Int32
    let port: UInt16
    private let handler: (Request) -> Response
    private let requestCount = NSLock()
    private var served = 0

    /// Requests received so far.
    var requestsServed: Int {
        requestCount.lock()
        defer { requestCount.unlock() }
        return served
    }

    init(handler: @escaping (Request) -> Response) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.system("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ServerError.system("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [listener, weak self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { return }
                guard let self else {
                    close(client)
                    return
                }
                Thread.detachNewThread { self.serve(client) }
            }
        }
        thread.name = "LocalHTTPServer.accept"
        thread.start()
    }

    /// The URL of `path` (with its query) on this server.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)")!
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: headerEnd) == nil {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { return }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let head = String(data: received, encoding: .utf8)?.components(separatedBy: "\r\n").first else { return }
        let parts = head.split(separator: " ")
        guard parts.count >= 2 else { return }
        let target = URLComponents(string: String(parts[1]))
        var query: [String: String] = [:]
        for item in target?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        requestCount.lock()
        served += 1
        requestCount.unlock()
        let response = handler(Request(method: String(parts[0]), path: target?.path ?? "/", query: query))
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        var bytes = Data("HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n".utf8)
        bytes.append(
            Data(
                "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
                    .utf8
            )
        )
        bytes.append(response.body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(client, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    enum ServerError: Error { case system(String) }
}

private let headerEnd = Data("\r\n\r\n".utf8)
