#if TRACE_RESOURCES
import Foundation
import RxCore
import RxTraceReport
@_spi(Internal) import Runtime

/// Resolves interned allocation stacks to demangled functions with file and line, through the
/// Swift `Runtime` module (in process, DWARF line tables, no subprocess). Each distinct return
/// address is resolved once and each stack assembled once; both are cached for the process.
public final class Symbolicator: @unchecked Sendable {
    public static let shared = Symbolicator()

    private let lock = NSLock()
    private var framesByStack: [UInt32: [SymbolicatedFrame]] = [:]
    /// Stacks resolved through their user frame only (`framesThroughCallSite`).
    private var framesThroughCallSiteByStack: [UInt32: [SymbolicatedFrame]] = [:]
    private var framesByAddress: [UInt: [SymbolicatedFrame]] = [:]
    /// Stacks `prefetchThroughCallSite` has already resolved through their call site.
    private var prefetched = Set<UInt32>()
    private var images: ImageMap?
    /// The loaded images' symbol tables, local symbols included.
    let symbolTables = ImageSymbolTables()
    private lazy var mergedFunctions = MergedFunctions(symbolTables: symbolTables)
    private var architecture: String?
    /// Tells the user's own files from their dependencies': resolving goes on past a
    /// dependency's frames to the user's own line.
    let userPackage: UserPackage

    public init() { userPackage = .current }

    package init(userPackage: UserPackage) { self.userPackage = userPackage }

    /// The frames of `stack`, innermost first; inlined calls come before their caller.
    public func frames(for stack: StackID) -> [SymbolicatedFrame] {
        lock.lock()
        defer { lock.unlock() }
        if let cached = framesByStack[stack.rawValue] { return cached }
        let frames = Symbolicator.droppingForwardingThunks(resolveLocked(ResourceRegistry.addresses(of: stack)))
        framesByStack[stack.rawValue] = frames
        return frames
    }

    /// The frames of raw return addresses, innermost first.
    public func frames(forAddresses addresses: [UInt]) -> [SymbolicatedFrame] {
        lock.lock()
        defer { lock.unlock() }
        return Symbolicator.droppingForwardingThunks(resolveLocked(addresses))
    }

    /// The first frame that is the user's own code: outside RxCore, RxTrace, the Swift runtime
    /// and libraries, and the system; past a dependency's frames to the user's own package's
    /// (see `callSite(in:)`). Nil when the stack never reaches user code (a resource created by
    /// a scheduler, or a stack deeper than `captureDepth`).
    public func userCallSite(for stack: StackID) -> SymbolicatedFrame? {
        callSite(in: framesThroughCallSite(for: stack))
    }

    /// Whether `frame` is the user's own package's code, not a dependency's nor a library's.
    public func isOwnCode(_ frame: SymbolicatedFrame) -> Bool {
        frame.origin == .user && !userPackage.isDependency(frame.file)
    }

    /// Where a finding with these frames (innermost first) is placed: the innermost frame of
    /// the user's own package, else the innermost of a dependency's (code the user can read).
    public func callSite(in frames: [SymbolicatedFrame]) -> SymbolicatedFrame? {
        frames.first(where: isOwnCode) ?? frames.first { $0.origin == .user }
    }

    /// The dependency's frame nearest the call site `callSite(in:)` chose in `frames`: the
    /// outermost of the dependency frames inside it (the operator the user's line called), when
    /// the call site is the user's own and the cause is in a dependency's code.
    public func dependencyFrame(in frames: [SymbolicatedFrame]) -> SymbolicatedFrame? {
        guard let site = frames.firstIndex(where: isOwnCode) else { return nil }
        return frames[..<site].last { $0.origin == .user && userPackage.isDependency($0.file) && $0.line != nil }
    }

    /// `dependencyFrame(in:)` as a report names it.
    public func dependencyCall(in frames: [SymbolicatedFrame]) -> DependencyCall? {
        guard let frame = dependencyFrame(in: frames), let location = frame.location, let file = frame.file,
            let package = userPackage.dependency(of: file)
        else { return nil }
        return DependencyCall(package: package, location: location)
    }

    /// The frames from the innermost through the user call site (all of them when there is
    /// none). Resolves the stack a few addresses at a time and stops at the first frame of the
    /// user's own package: the frames beyond it (test runners, `main`) are most of the
    /// resolution cost. A dependency's frames do not stop it: the user's line that called the
    /// dependency is further out.
    public func framesThroughCallSite(for stack: StackID) -> [SymbolicatedFrame] {
        lock.lock()
        defer { lock.unlock() }
        func throughUser(_ frames: [SymbolicatedFrame]) -> [SymbolicatedFrame] {
            guard let index = frames.firstIndex(where: isOwnCode) else { return frames }
            return Array(frames[...index])
        }
        if let cached = framesThroughCallSiteByStack[stack.rawValue] { return cached }
        if let cached = framesByStack[stack.rawValue] { return throughUser(cached) }
        let addresses = ResourceRegistry.addresses(of: stack)
        var result: [SymbolicatedFrame] = []
        var start = 0
        resolving: while start < addresses.count {
            let chunk = Array(addresses[start..<min(start + 8, addresses.count)])
            for frame in resolveLocked(chunk) where !Symbolicator.isForwardingThunk(frame, of: result.last) {
                result.append(frame)
                if isOwnCode(frame) { break resolving }
            }
            start += chunk.count
        }
        // Whole when no frame reached user code; a stack's first frames otherwise. Either way
        // asked for again by each analysis of the run.
        if let last = result.last, isOwnCode(last) {
            framesThroughCallSiteByStack[stack.rawValue] = result
        } else {
            framesByStack[stack.rawValue] = result
        }
        return result
    }

    /// Resolves many stacks through their call sites with one symbolication per round of 8
    /// frames (each round only for the stacks that have not reached the user's own code yet), so that
    /// `framesThroughCallSite` then finds everything cached. Analysing 1,000 call sites costs a
    /// few batches instead of thousands of small ones.
    public func prefetchThroughCallSite(_ stacks: [StackID]) {
        lock.lock()
        defer { lock.unlock() }
        var pending = stacks.filter { framesByStack[$0.rawValue] == nil && prefetched.insert($0.rawValue).inserted }
            .map { (stack: $0, addresses: ResourceRegistry.addresses(of: $0)) }
        var start = 0
        while !pending.isEmpty {
            let round = pending.flatMap { $0.addresses.dropFirst(start).prefix(Symbolicator.roundSize) }
            let missing = Array(Set(round.filter { framesByAddress[$0] == nil }))
            if !missing.isEmpty { symbolicateLocked(missing) }
            start += Symbolicator.roundSize
            pending = pending.filter { item in
                item.addresses.count > start
                    && !item.addresses.prefix(start).contains {
                        (framesByAddress[$0] ?? []).contains(where: isOwnCode)
                    }
            }
        }
    }

    /// Resolves every address of `stacks` not resolved yet in one batch, so that `frames(for:)`
    /// then finds them cached.
    public func prefetch(_ stacks: [StackID]) {
        lock.lock()
        defer { lock.unlock() }
        var missing = Set<UInt>()
        for stack in stacks where framesByStack[stack.rawValue] == nil {
            for address in ResourceRegistry.addresses(of: stack) where framesByAddress[address] == nil {
                missing.insert(address)
            }
        }
        if !missing.isEmpty { symbolicateLocked(Array(missing)) }
    }

    /// Frames per stack resolved in each round of `prefetchThroughCallSite`: each round is one
    /// batch (one `llvm-symbolizer` run), and most stacks reach user code within the first 16.
    static let roundSize = 16

    private func resolveLocked(_ addresses: [UInt]) -> [SymbolicatedFrame] {
        let missing = Array(Set(addresses.filter { framesByAddress[$0] == nil }))
        if !missing.isEmpty { symbolicateLocked(missing) }
        return addresses.flatMap { framesByAddress[$0] ?? [Symbolicator.unresolved($0)] }
    }

    private func symbolicateLocked(_ addresses: [UInt]) {
        WorkCounter.count(.addressSymbolicated, addresses.count)
        guard #available(macOS 26.0, *) else {
            for address in addresses { framesByAddress[address] = [Symbolicator.unresolved(address)] }
            return
        }
        var images = self.images ?? ImageMap.capture()
        // Images loaded since the last capture (dlopen) need a fresh map.
        if addresses.contains(where: { images.indexOfImage(at: Backtrace.Address(UInt64($0))) == nil }) {
            images = ImageMap.capture()
        }
        self.images = images
        let architecture =
            self.architecture ?? ((try? Backtrace.capture(limit: 1))?.architecture ?? HostInfo.buildArchitecture)
        self.architecture = architecture

        // One backtrace for every new address: the symbolicator's per-call set-up (image and
        // DWARF lookups) dominates, so batching is what keeps this cheap. Each resolved frame
        // (inlined ones included) names the captured address it came from. File, line and
        // inlined frames come from the line tables (`LineTableSymbolizer`) when the tool is
        // there, for any batch: the Runtime module's per-address line lookup is quadratic in a
        // compile unit's size, and each call that asks it for inlined frames re-reads the
        // image's inlined call sites (0.2 s for a release executable of 17 MB, even for one
        // address), where `llvm-symbolizer` costs about 25 ms of CPU per batch.
        let lineTables = lineTableSymbolizer(images)
        var raw = runtimeFrames(
            addresses,
            images: images,
            architecture: architecture,
            sourceLocations: lineTables == nil
        )
        if let lineTables {
            var mismatched: [UInt] = []
            var byImage: [Int: [UInt]] = [:]
            for address in addresses {
                guard let index = images.indexOfImage(at: Backtrace.Address(UInt64(address))) else {
                    mismatched.append(address)
                    continue
                }
                byImage[index, default: []].append(address)
            }
            for (index, imageAddresses) in byImage {
                guard let path = images[index].path, let base = UInt(images[index].baseAddress) else {
                    mismatched += imageAddresses
                    continue
                }
                // Return addresses: the call is the instruction before.
                let offsets = imageAddresses.map { $0 &- base &- 1 }
                let locations = lineTables.locations(of: offsets, in: path)
                for (address, offset) in zip(imageAddresses, offsets) {
                    guard let frames = raw[address], let found = locations[offset] else {
                        if raw[address] != nil { mismatched.append(address) }
                        continue
                    }
                    if found.count == frames.count {
                        for position in frames.indices {
                            raw[address]![position].file = found[position].file
                            raw[address]![position].line = found[position].line
                        }
                    } else if let inlined = Symbolicator.inlinedFrames(found, outermost: frames) {
                        raw[address] = inlined
                    } else {
                        mismatched.append(address)
                    }
                }
            }
            if !mismatched.isEmpty {
                raw.merge(runtimeFrames(mismatched, images: images, architecture: architecture, sourceLocations: true))
                { $1 }
            }
        }
        for address in addresses {
            guard let frames = raw[address] else {
                framesByAddress[address] = [Symbolicator.unresolved(address, images: images)]
                continue
            }
            // Calls inlined into a merged function are shared by its merged functions as much as
            // its own code is.
            let merged = frames.contains { Symbolicator.isMergedFunction(rawName: $0.rawName, name: $0.name) }
            let candidates = merged ? mergedCandidates(address, images: images) : nil
            framesByAddress[address] = frames.map { frame in
                let file = frame.file.flatMap { $0.isEmpty || $0 == "<compiler-generated>" ? nil : $0 }
                let function = Symbolicator.readableName(frame.name, rawName: frame.rawName, file: file)
                return SymbolicatedFrame(
                    address: address,
                    function: function,
                    file: file,
                    line: file == nil ? nil : frame.line,
                    image: frame.image,
                    origin: FrameClassifier.origin(
                        function: function,
                        rawName: frame.rawName,
                        file: file,
                        image: frame.image
                    ),
                    mergedFunction: merged,
                    mergedCandidates: candidates
                )
            }
        }
    }

    /// The readable names of the functions merged into the one holding `address`, from its
    /// image's symbol table (`MergedFunctions`); nil when they cannot be told.
    @available(macOS 26.0, *)
    private func mergedCandidates(_ address: UInt, images: ImageMap) -> [String]? {
        guard let index = images.indexOfImage(at: Backtrace.Address(UInt64(address))), let path = images[index].path,
            let base = UInt(images[index].baseAddress),
            let raw = mergedFunctions.candidates(atOffset: address &- base &- 1, image: path, base: base), !raw.isEmpty
        else { return nil }
        return raw.map { Symbolicator.readableName(Symbolicator.runtimeName(ofRawName: $0), rawName: $0) }
    }

    /// A mangled name demangled as the `Runtime` module names its frames (`Symbol.name`).
    @available(macOS 26.0, *)
    private static func runtimeName(ofRawName rawName: String) -> String {
        SymbolicatedBacktrace.Symbol(imageIndex: -1, imageName: "", rawName: rawName, offset: 0, sourceLocation: nil)
            .name
    }

    /// What the Runtime module says about one frame, before it becomes a `SymbolicatedFrame`.
    private struct RawFrame {
        var name: String
        var rawName: String
        var image: String?
        var file: String?
        var line: Int?
    }

    @available(macOS 26.0, *)
    private func runtimeFrames(
        _ addresses: [UInt],
        images: ImageMap,
        architecture: String,
        sourceLocations: Bool
    ) -> [UInt: [RawFrame]] {
        let backtrace = Backtrace(
            architecture: architecture,
            frames: addresses.map { RichFrame<UInt>.returnAddress($0) },
            images: images
        )
        // Inlined frames need the line program as much as locations do: the fast path asks for
        // neither and takes both from the line tables, falling back here for inlined frames.
        let options: Backtrace.SymbolicationOptions =
            sourceLocations
            ? [.showInlineFrames, .showSourceLocations, .useSymbolCache] : [.useSymbolCache]
        var resolved: [UInt: [RawFrame]] = [:]
        guard let symbolicated = backtrace.symbolicated(with: images, options: options) else { return resolved }
        for frame in symbolicated.frames {
            guard let symbol = frame.symbol, let address = UInt(frame.captured.originalProgramCounter) else { continue }
            let location = symbol.sourceLocation
            resolved[address, default: []].append(
                RawFrame(
                    name: symbol.name,
                    rawName: symbol.rawName,
                    image: symbol.imageName.isEmpty ? nil : symbol.imageName,
                    file: location?.path,
                    line: location.flatMap { $0.line > 0 ? $0.line : nil }
                )
            )
        }
        return resolved
    }

    /// An address with inlined calls, from the line tables alone: the fast path asked the
    /// `Runtime` module for the function only (one frame), and `llvm-symbolizer` read every
    /// inlined level with its linkage name, file and line. Each level's name is demangled the
    /// way the `Runtime` module names its own inlined frames (`Symbol.name`). Nil when the two
    /// disagree on the function (the `Runtime` module then resolves the address on its own):
    /// asking it for inlined frames re-runs the line program per address, which made inlined
    /// addresses most of a release build's analysis time.
    @available(macOS 26.0, *)
    private static func inlinedFrames(_ found: [LineTableSymbolizer.Location], outermost: [RawFrame]) -> [RawFrame]? {
        guard outermost.count == 1, found.count > 1, let function = outermost.first,
            found.last?.linkageName == function.rawName,
            found.allSatisfy({ $0.linkageName != nil })
        else { return nil }
        return found.map { location in
            let rawName = location.linkageName!
            let name = rawName == function.rawName ? function.name : runtimeName(ofRawName: rawName)
            return RawFrame(
                name: name,
                rawName: rawName,
                image: function.image,
                file: location.file,
                line: location.line
            )
        }
    }

    private var lineTables: LineTableSymbolizer??

    @available(macOS 26.0, *)
    private func lineTableSymbolizer(_ images: ImageMap) -> LineTableSymbolizer? {
        if let known = lineTables { return known }
        let found = LineTableSymbolizer.find(
            runtimeLibraryPaths: images.compactMap { image in
                image.name.map { $0.hasPrefix("libswiftCore") } == true ? image.path : nil
            }
        )
        lineTables = .some(found)
        return found
    }

    /// The Runtime module's simplified names drop module names, so a closure written in a
    /// module's top-level code (a `main.swift` global such as a scenario list) comes out as
    /// "closure #1 in " with nothing after it. Name its context instead of printing a blank.
    ///
    /// SwiftPM renames an executable's `main` to `<module>_main` (so tests can link the
    /// module); the frame is the user's top-level code in `main.swift` and is named `main`.
    ///
    /// The compiler's variants of a function are named after the function a person wrote (see
    /// `withoutCompilerVariants`).
    package static func readableName(_ name: String, rawName: String? = nil, file: String? = nil) -> String {
        if isRenamedEntryPoint(name, rawName: rawName, file: file) { return "main" }
        let name = withoutCompilerVariants(name)
        return name.hasSuffix(" in ") ? name + "top-level code" : name
    }

    /// What the compiler puts around a name when it makes its own variant of a function: a copy
    /// specialised for concrete types (`specialized`, mostly in release builds), one body for
    /// several identical functions (`merged`), the forwarder that calls a closure or method with
    /// its bound context (`partial apply for`). The code and line are the person's function's;
    /// the prefix only hides its name.
    static let compilerVariantPrefixes = [
        "partial apply forwarder for ", "partial apply for ", "specialized ", "merged ",
    ]

    /// `partial apply for closure #1 in specialized Feed.bind()` → `closure #1 in Feed.bind()`:
    /// the prefixes dropped at the start and after every ` in `.
    static func withoutCompilerVariants(_ name: String) -> String {
        guard compilerVariantPrefixes.contains(where: name.contains) else { return name }
        var parts: [Substring] = []
        var rest = Substring(name)
        while true {
            var stripped = true
            while stripped {
                stripped = false
                for prefix in compilerVariantPrefixes where rest.hasPrefix(prefix) {
                    rest = rest.dropFirst(prefix.count)
                    stripped = true
                }
            }
            guard let separator = rest.range(of: " in ") else { break }
            parts.append(rest[..<separator.upperBound])
            rest = rest[separator.upperBound...]
        }
        return parts.joined() + rest
    }

    /// A function the optimiser's merge pass made from several whose bodies differed only in
    /// constants (release builds): its mangled name ends in `Tm` (`merged` in the demangled name,
    /// which `readableName` drops to name the function a person wrote). The other functions
    /// became thunks that jump into it and leave no frame, so an address in it does not say
    /// which of them ran.
    package static func isMergedFunction(rawName: String?, name: String) -> Bool {
        if let rawName, rawName.hasPrefix("$s") || rawName.hasPrefix("_$s"), rawName.hasSuffix("Tm") { return true }
        return name.hasPrefix("merged ")
    }

    /// `rxtrace_main`, `FeedApp_main`: a C symbol (not mangled) named after the module, whose
    /// code is in a `main.swift`.
    static func isRenamedEntryPoint(_ name: String, rawName: String?, file: String?) -> Bool {
        guard name.hasSuffix("_main"), name.count > 5, rawName == nil || rawName == name,
            let file, file == "main.swift" || file.hasSuffix("/main.swift")
        else { return false }
        return name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }
    }

    /// The compiler's forwarding thunk right outside `X` (`partial apply for X`, named `X` by
    /// `readableName`; it has no line of its own) is the same call: one frame to the reader,
    /// not two.
    static func isForwardingThunk(_ frame: SymbolicatedFrame, of inner: SymbolicatedFrame?) -> Bool {
        guard let inner else { return false }
        if frame.function.hasPrefix("partial apply for ") {
            return frame.function.dropFirst("partial apply for ".count) == inner.function
        }
        return frame.line == nil && frame.function == inner.function && !frame.function.hasPrefix("0x")
    }

    package static func droppingForwardingThunks(_ frames: [SymbolicatedFrame]) -> [SymbolicatedFrame] {
        var result: [SymbolicatedFrame] = []
        result.reserveCapacity(frames.count)
        for frame in frames where !isForwardingThunk(frame, of: result.last) { result.append(frame) }
        return result
    }

    private static func unresolved(_ address: UInt, images: ImageMap? = nil) -> SymbolicatedFrame {
        var image: String?
        if #available(macOS 26.0, *), let images,
            let index = images.indexOfImage(at: Backtrace.Address(UInt64(address)))
        {
            image = images[index].name
        }
        return SymbolicatedFrame(
            address: address,
            function: "0x" + String(address, radix: 16),
            image: image,
            origin: image.map { FrameClassifier.origin(function: nil, rawName: nil, file: nil, image: $0) } ?? .system
        )
    }
}
#endif
