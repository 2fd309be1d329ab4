#if TRACE_RESOURCES
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives each thread that registers a resource a small index, so that entries store 4 bytes
/// instead of an id and a name. The id and name are read once, on the thread's first use.
enum ThreadRegistry {
    struct Info: Sendable {
        let id: UInt64
        let name: String
    }

    private static let lock = RegistryLock()
    nonisolated(unsafe) private static var infos: [Info] = []

    /// This thread's index in the table (kept in the thread's place word, `ThreadPlace`, which
    /// every new thread starts without, so a thread reusing an old thread's slot registers afresh).
    @inline(__always)
    static func currentIndex() -> UInt32 {
        HopPlaceCode.thread(ThreadPlace.current)
    }

    /// Gives this thread its index; returns its place word (no scheduler).
    @inline(never)
    static func registerCurrentThread() -> UInt64 {
        let info = Info(id: currentThreadID(), name: currentThreadName())
        let index = lock.withLock { () -> UInt32 in
            infos.append(info)
            return UInt32(infos.count - 1)
        }
        return ThreadPlace.start(threadIndex: index)
    }

    static func snapshot() -> [Info] {
        lock.withLock { infos }
    }

    private static func currentThreadID() -> UInt64 {
        #if canImport(Darwin)
        var id: UInt64 = 0
        pthread_threadid_np(nil, &id)
        return id
        #else
        // gettid is not in the Glibc module (it needs _GNU_SOURCE); look it up at run time.
        typealias GetTID = @convention(c) () -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") {
            return UInt64(unsafeBitCast(symbol, to: GetTID.self)())
        }
        return UInt64(UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))))
        #endif
    }

    private static func currentThreadName() -> String {
        if Thread.isMainThread { return "main" }
        // Foundation keeps names set through `Thread.name` before `start()` to itself.
        if let name = Thread.current.name, !name.isEmpty { return name }
        var buffer = [CChar](repeating: 0, count: 64)
        #if canImport(Darwin)
        pthread_getname_np(pthread_self(), &buffer, buffer.count)
        #else
        typealias GetName = @convention(c) (pthread_t, UnsafeMutablePointer<CChar>, Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getname_np") else { return "" }
        _ = unsafeBitCast(symbol, to: GetName.self)(pthread_self(), &buffer, buffer.count)
        #endif
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name
    }
}
#endif
