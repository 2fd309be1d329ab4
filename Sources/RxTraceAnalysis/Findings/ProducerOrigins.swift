#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport

/// Which API made the producers of a chain, read from their allocation stacks, alive or not. A
/// sink usually outlives its producer (it holds the operator's closure, not the operator), so
/// when one producer type serves several APIs (`FlatMapLatest` is made by `flatMapLatest` and
/// by `switchLatest`) the dead producer's interned stack is the evidence: its frame nearest the
/// user's code names the operator function the user called.
///
/// Only producers made in the same function invocation as the subscription count: their stacks
/// hold the same caller addresses beyond the user's frame. Those are found by raw address (an
/// index built once, no symbolication), and only they are symbolicated, in one batch.
///
/// The index, and what each caller's producer stacks said, are kept for the process until a
/// new stack is interned: a run asks about the same stacks in each of its analyses, and
/// rebuilding the index (every interned stack) per analysis would dominate naming's cost.
final class ProducerOrigins {
    struct Origin {
        /// The producer's type, without generic arguments (`FlatMapLatest`).
        let type: String
        /// The API that made it (`flatMapLatest`).
        let api: String
        /// The user's frame that called the API.
        let site: SymbolicatedFrame
        /// The return addresses beyond the user's frame (see `LeakAnalysis.callerContext`).
        let context: [UInt]
    }

    /// Where a producer was made: its type, and the user's file and function that made it.
    private struct Place: Hashable {
        let type: String
        let file: String?
        let function: String
    }

    private let symbolicator: Symbolicator

    /// What is known about the interned stacks as of `stackCount` of them.
    private struct Index {
        var stackCount = -1
        /// Producer stacks by each return address they hold.
        var producerStacksByAddress: [UInt: [StackID]] = [:]
        /// Origins of the producer stacks read so far, by place.
        var originsByPlace: [Place: [Origin]] = [:]
        /// Caller addresses whose producer stacks have been read.
        var readCallers = Set<UInt>()
    }

    /// Guards `shared`; held while it is brought up to date and read.
    private static let indexLock = NSLock()
    nonisolated(unsafe) private static var shared = Index()

    init(symbolicator: Symbolicator) {
        self.symbolicator = symbolicator
    }

    /// What each producer stack says, for the process: an interned stack never changes, and a
    /// run analyses the same stacks several times (each pass, the final snapshots, the hops).
    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var originByStack: [StackID: Origin?] = [:]

    private func cachedOrigin(of stack: StackID) -> Origin? {
        ProducerOrigins.cacheLock.lock()
        if let known = ProducerOrigins.originByStack[stack] {
            ProducerOrigins.cacheLock.unlock()
            return known
        }
        ProducerOrigins.cacheLock.unlock()
        WorkCounter.count(.producerOriginRead)
        let found = origin(of: stack)
        ProducerOrigins.cacheLock.lock()
        ProducerOrigins.originByStack[stack] = .some(found)
        ProducerOrigins.cacheLock.unlock()
        return found
    }

    /// The APIs that made producers of `type` in the same function invocation as `site`, at the
    /// nearest line at or above it; empty when no such producer stack exists.
    func apis(ofType type: String, near site: SymbolicatedFrame?, context: [UInt]) -> Set<String> {
        guard let site, let line = site.line, let caller = context.first else { return [] }
        ProducerOrigins.indexLock.lock()
        defer { ProducerOrigins.indexLock.unlock() }
        let stackCount = ResourceRegistry.internedStackCount
        if ProducerOrigins.shared.stackCount != stackCount {
            ProducerOrigins.shared = Index(stackCount: stackCount, producerStacksByAddress: indexProducerStacks())
        }
        if ProducerOrigins.shared.readCallers.insert(caller).inserted {
            let candidates = ProducerOrigins.shared.producerStacksByAddress[caller] ?? []
            // One batch for the frames that name the type, the API and the user's frame.
            _ = symbolicator.frames(
                forAddresses: Array(Set(candidates.flatMap { ResourceRegistry.addresses(of: $0).prefix(16) }))
            )
            for stack in candidates {
                guard let origin = cachedOrigin(of: stack) else { continue }
                ProducerOrigins.shared.originsByPlace[
                    Place(type: origin.type, file: origin.site.file, function: origin.site.function),
                    default: []
                ]
                .append(origin)
            }
        }
        let places =
            ProducerOrigins.shared.originsByPlace[Place(type: type, file: site.file, function: site.function)] ?? []
        let sameInvocation = places.filter {
            guard let otherLine = $0.site.line else { return false }
            return otherLine <= line && ProducerOrigins.sameInvocation($0.context, context)
        }
        guard let nearest = sameInvocation.compactMap(\.site.line).max() else { return [] }
        return Set(sameInvocation.filter { $0.site.line == nearest }.map(\.api))
    }

    /// Stacks are cut at the capture depth, so the deeper the library part of a stack, the fewer
    /// of the caller's addresses it keeps: two contexts of one invocation agree on the shorter.
    static func sameInvocation(_ a: [UInt], _ b: [UInt]) -> Bool {
        a.count <= b.count ? b.starts(with: a) : a.starts(with: b)
    }

    private func indexProducerStacks() -> [UInt: [StackID]] {
        WorkCounter.count(.producerIndexBuilt)
        var byFirst: [UInt: [StackID]] = [:]
        for stack in ResourceRegistry.internedStacks {
            if let first = ResourceRegistry.addresses(of: stack).first { byFirst[first, default: []].append(stack) }
        }
        // Every producer registers from `Observable.init`: one return address for all of them.
        _ = symbolicator.frames(forAddresses: Array(byFirst.keys))
        var index: [UInt: [StackID]] = [:]
        for (first, stacks) in byFirst
        where symbolicator.frames(forAddresses: [first]).contains(where: {
            $0.origin == .rxCore && $0.function.hasPrefix("Observable.init")
        }) {
            for stack in stacks {
                for address in Set(ResourceRegistry.addresses(of: stack).dropFirst()) {
                    index[address, default: []].append(stack)
                }
            }
        }
        return index
    }

    private func origin(of stack: StackID) -> Origin? {
        let frames = symbolicator.framesThroughCallSite(for: stack)
        guard let userIndex = frames.firstIndex(where: { $0.origin == .user }) else { return nil }
        let library = frames[..<userIndex]
        guard
            let type = library.lazy.compactMap({ FunctionName.parsed($0.function) }).first(where: {
                $0.isInitializer && $0.type.map { !RxCoreOperators.baseClasses.contains($0) } ?? false
            })?.type,
            let api = library.last(where: { $0.origin == .rxCore }).flatMap({ FunctionName.parsed($0.function) }),
            RxCoreOperators.isAPIType(api.type)
        else { return nil }
        let site = frames[userIndex]
        let addresses = ResourceRegistry.addresses(of: stack)
        guard let index = addresses.firstIndex(of: site.address) else { return nil }
        return Origin(type: type, api: api.operatorName, site: site, context: Array(addresses[(index + 1)...]))
    }
}
#endif
