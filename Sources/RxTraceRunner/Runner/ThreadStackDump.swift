#if TRACE_RESOURCES && os(Linux) && canImport(CUnwind)
import CUnwind
import Foundation
import Glibc
import RxTraceReport
import RxTraceAnalysis

/// The child's side of a hang report: when the parent sends SIGUSR1 (the scenario ran past
/// `--timeout`), every thread's stack is written as JSON to the file the parent named, and the
/// parent then ends the process.
///
/// The Swift runtime's backtracer cannot do this here: it unwinds by frame pointers and stops
/// at the first glibc frame of a thread blocked in a futex (a lock, a semaphore, a condition),
/// which is exactly where a hung thread sits, and it listed only one thread. libunwind reads the
/// unwind tables (`.eh_frame`) instead, and steps through the signal frame into the
/// interrupted code.
///
/// How: a SIGUSR1 handler writes one byte to a pipe (all it may safely do); a dumper thread
/// reading that pipe then sends SIGPROF to one thread at a time (`tgkill`), whose handler runs
/// on that thread, records its return addresses with `unw_backtrace` into preallocated memory
/// and posts a semaphore. The dumper symbolicates afterwards, outside any handler.
package enum ThreadStackDump {
    static let depth = 64
    /// Sent to each thread to capture it. SIGPROF because libdispatch's worker threads (where
    /// scheduler work runs) block every asynchronous signal but the synchronous ones and
    /// SIGPROF; SIGUSR2 would stay pending there forever.
    static let captureSignal = SIGPROF
    nonisolated(unsafe) static var addresses: UnsafeMutablePointer<UnsafeMutableRawPointer?>!
    nonisolated(unsafe) static var captured: UnsafeMutablePointer<Int32>!
    nonisolated(unsafe) static var done: UnsafeMutablePointer<sem_t>!
    /// The thread being captured: a capture signal that reaches another thread late (one that
    /// had it blocked and timed out) must not write over the current capture.
    nonisolated(unsafe) static var target: UnsafeMutablePointer<Int32>!
    nonisolated(unsafe) static var requestPipe: (read: Int32, write: Int32) = (-1, -1)

    /// Installs the handlers and the dumper thread; `file` is where the stacks go.
    package static func install(file: String) {
        // A child started from a worker thread of the parent (`--jobs` above 1) inherits that
        // thread's signal mask, where dispatch blocks SIGUSR1 and SIGPROF: the hang request would
        // never arrive. Unblocked here, and so in every thread started from now on.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR1)
        sigaddset(&signals, captureSignal)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        addresses = .allocate(capacity: depth)
        captured = .allocate(capacity: 1)
        done = .allocate(capacity: 1)
        target = .allocate(capacity: 1)
        target.pointee = 0
        sem_init(done, 0, 0)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        requestPipe = (fds[0], fds[1])

        var capture = sigaction()
        capture.__sigaction_handler.sa_handler = { _ in
            guard rxtrace_gettid() == ThreadStackDump.target.pointee else { return }
            ThreadStackDump.captured.pointee = unw_backtrace(ThreadStackDump.addresses, Int32(ThreadStackDump.depth))
            sem_post(ThreadStackDump.done)
        }
        capture.sa_flags = SA_RESTART
        sigemptyset(&capture.sa_mask)
        sigaction(captureSignal, &capture, nil)

        var request = sigaction()
        request.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(ThreadStackDump.requestPipe.write, &byte, 1)
        }
        request.sa_flags = SA_RESTART
        sigemptyset(&request.sa_mask)
        sigaction(SIGUSR1, &request, nil)

        let dumper = Thread {
            var byte: UInt8 = 0
            while read(ThreadStackDump.requestPipe.read, &byte, 1) == 1 {
                let stacks = ThreadStackDump.captureAllThreads()
                if let data = try? JSONEncoder().encode(stacks) {
                    try? AtomicFile.write(data, to: URL(fileURLWithPath: file))
                }
            }
        }
        dumper.name = "rxtrace-stacks"
        dumper.start()
    }

    /// Every other thread's stack, the main thread first.
    static func captureAllThreads() -> [ReportThreadStack] {
        let me = rxtrace_gettid()
        let process = getpid()
        let tids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [])
            .compactMap(Int32.init).filter { $0 != me }.sorted {
                ($0 == process ? 0 : 1, $0) < ($1 == process ? 0 : 1, $1)
            }
        var stacks: [ReportThreadStack] = []
        for tid in tids {
            captured.pointee = 0
            target.pointee = tid
            defer { target.pointee = 0 }
            guard rxtrace_tgkill(process, tid, captureSignal) == 0 else { continue }
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            deadline.tv_sec += 1
            guard sem_timedwait(done, &deadline) == 0, captured.pointee > 0 else { continue }
            let raw = (0..<Int(captured.pointee)).map { UInt(bitPattern: addresses[$0]) }
            let name = (try? String(contentsOfFile: "/proc/self/task/\(tid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            stacks.append(
                ReportThreadStack(
                    name: name.map { ThreadNames.readable($0, number: Int(tid)) },
                    frames: interruptedFrames(raw)
                )
            )
        }
        return stacks
    }

    /// The thread's own frames: what lies outside the capture handler and, right after it,
    /// the kernel's signal trampoline (`__restore_rt`, which symbolicates as its neighbour
    /// `sigaction`); forwarding thunks shown once.
    static func interruptedFrames(_ raw: [UInt]) -> [ReportFrame] {
        var frames = Symbolicator.droppingForwardingThunks(Symbolicator.shared.frames(forAddresses: raw))
        if let handler = frames.lastIndex(where: { $0.function.contains("ThreadStackDump.install") }) {
            frames.removeFirst(min(frames.count, handler + 2))
        }
        return frames.map(\.reportFrame)
    }
}
#endif
