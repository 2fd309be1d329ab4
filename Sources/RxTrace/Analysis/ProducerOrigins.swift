#if TRACE_RESOURCES
import RxCore

/// Which API made each producer, read from the allocation stacks of every producer the process
/// created, alive or not. A sink usually outlives its producer (it holds the operator's closure,
/// not the operator), so when one producer type serves several APIs (`FlatMapLatest` is made
/// by `flatMapLatest` and by `switchLatest`) the dead producer's interned stack is the evidence:
/// its frame nearest the user's code names the operator function the user called.
///
/// Built lazily, once per analysis, and only when an ambiguous type needs it; the stacks it
/// reads are symbolicated in one batch.
final class ProducerOrigins {
    struct Origin {
        /// The producer's type, without generic arguments (`FlatMapLatest`).
        let type: String
        /// The API that made it (`flatMapLatest`).
        let api: String
        /// The user's frame that called the API, if the stack reached user code.
        let site: SymbolicatedFrame?
        /// The return addresses beyond the user's frame (see `LeakAnalysis.callerContext`).
        let context: [UInt]
    }

    private let symbolicator: Symbolicator
    private lazy var origins: [String: [Origin]] = scan()

    init(symbolicator: Symbolicator) {
        self.symbolicator = symbolicator
    }

    /// The APIs that made producers of `type`: those called from the same function invocation
    /// as `site`, at the nearest line at or above it, when there are such; otherwise every API
    /// seen making that type in this process.
    func apis(ofType type: String, near site: SymbolicatedFrame?, context: [UInt]) -> Set<String> {
        let all = origins[type] ?? []
        if let site, let line = site.line {
            let sameInvocation = all.filter {
                guard let other = $0.site, let otherLine = other.line else { return false }
                return other.file == site.file && other.function == site.function && otherLine <= line
                    && ProducerOrigins.sameInvocation($0.context, context)
            }
            if let nearest = sameInvocation.compactMap({ $0.site?.line }).max() {
                return Set(sameInvocation.filter { $0.site?.line == nearest }.map(\.api))
            }
        }
        return Set(all.map(\.api))
    }

    /// Stacks are cut at the capture depth, so the deeper the library part of a stack, the fewer
    /// of the caller's addresses it keeps: two contexts of one invocation agree on the shorter.
    static func sameInvocation(_ a: [UInt], _ b: [UInt]) -> Bool {
        a.count <= b.count ? b.starts(with: a) : a.starts(with: b)
    }

    private func scan() -> [String: [Origin]] {
        let stacks = ResourceRegistry.internedStacks
        var innermost: [StackID: [UInt]] = [:]
        var firstAddresses = Set<UInt>()
        for stack in stacks {
            let addresses = ResourceRegistry.addresses(of: stack)
            guard let first = addresses.first else { continue }
            innermost[stack] = addresses
            firstAddresses.insert(first)
        }
        // Every producer registers from `Observable.init`: one return address for all of them.
        _ = symbolicator.frames(forAddresses: Array(firstAddresses))
        let producerStarts = Set(firstAddresses.filter { address in
            symbolicator.frames(forAddresses: [address]).contains { $0.origin == .rxCore && $0.function.hasPrefix("Observable.init") }
        })
        let producerStacks = innermost.filter { producerStarts.contains($0.value[0]) }
        // One batch for the frames that name the type and the API (deeper frames resolve on demand).
        _ = symbolicator.frames(forAddresses: Array(Set(producerStacks.values.flatMap { $0.prefix(12) })))

        var result: [String: [Origin]] = [:]
        for (stack, addresses) in producerStacks {
            let frames = symbolicator.framesThroughCallSite(for: stack)
            let userIndex = frames.firstIndex { $0.origin == .user }
            let library = frames[..<(userIndex ?? frames.endIndex)]
            guard let type = library.lazy.compactMap({ FunctionName($0.function) }).first(where: {
                      $0.isInitializer && $0.type.map { !RxCoreOperators.baseClasses.contains($0) } ?? false
                  })?.type,
                  let api = library.last(where: { $0.origin == .rxCore }).flatMap({ FunctionName($0.function) }),
                  RxCoreOperators.isAPIType(api.type) else { continue }
            let site = userIndex.map { frames[$0] }
            var context: [UInt] = []
            if let site, let index = addresses.firstIndex(of: site.address) { context = Array(addresses[(index + 1)...]) }
            result[type, default: []].append(Origin(type: type, api: api.operatorName, site: site, context: context))
        }
        return result
    }
}
#endif
