#!/usr/bin/env python3
"""rxtrace test under load (make load-check, docs/robustness.md).

Generates, in a scratch folder, a package whose test target holds 10,000 XCTest tests (100
classes of 100) plus Swift Testing tests with odd names and arguments, runs `rxtrace test
--jobs 2` on it, and checks:
  - every test is in the JSON report, the 5 leaking ones as leaks at their lines, the others clean;
  - a test process SIGKILLed from outside mid-run (the victim test waits to be killed) is reported
    as crashed by signal 9, and the tests after it in that process still ran (no report lost);
  - odd test names come through to the report as Swift Testing gives them.
Prints the peak RSS of rxtrace and of each test process (sampled from /proc every 50 ms) and
the wall times, for the docs.

usage: load_check.py ROOT RXTRACE SCRATCH [CLASSES METHODS]
"""
import json, os, signal, subprocess, sys, time

root, rxtrace, scratch = sys.argv[1:4]
classes = int(sys.argv[4]) if len(sys.argv) > 4 else 100
methods = int(sys.argv[5]) if len(sys.argv) > 5 else 100
package = os.path.join(scratch, "LoadSuite")
tests_dir = os.path.join(package, "Tests", "LoadTests")
victim_pid_file = os.path.join(scratch, "victim.pid")
VICTIM_CLASS = classes // 2
LEAKING = {(0, m) for m in range(5)}


def fail(message):
    sys.exit(f"load-check: {message}")


def generate():
    os.makedirs(tests_dir, exist_ok=True)
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "LoadSuite",
    dependencies: [.package(name: "rxtrace", path: {json.dumps(root)})],
    targets: [
        .testTarget(
            name: "LoadTests",
            dependencies: [.product(name: "RxSwift", package: "rxtrace")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        )
    ]
)
""")
    with open(os.path.join(tests_dir, "Kept.swift"), "w") as f:
        f.write("import RxSwift\n\n/// What the leaking tests keep alive, run after run.\nenum Kept {\n"
                "    static var subjects: [PublishSubject<Int>] = []\n}\n")
    for c in range(classes):
        body = []
        for m in range(methods):
            if (c, m) in LEAKING:
                body.append(f"""    func test{m:03d}() {{
        let subject = PublishSubject<Int>()
        Kept.subjects.append(subject)
        _ = subject.map {{ $0 + {m} }}.subscribe(onNext: {{ _ in }})  // leaks: load-check line
    }}""")
            elif c == VICTIM_CLASS and m == methods // 2:
                body.append(f"""    func test{m:03d}() throws {{
        try String(getpid()).write(toFile: {json.dumps(victim_pid_file)}, atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(100)
        while Date() < deadline {{ Thread.sleep(forTimeInterval: 0.05) }}  // until load-check kills it
    }}""")
            else:
                body.append(f"""    func test{m:03d}() {{
        let subject = PublishSubject<Int>()
        var seen = 0
        let subscription = subject.filter {{ $0 % 2 == 0 }}.subscribe(onNext: {{ seen += $0 }})
        subject.onNext({m * 2})
        subscription.dispose()
        XCTAssertEqual(seen, {m * 2})
    }}""")
        with open(os.path.join(tests_dir, f"Group{c:03d}Tests.swift"), "w") as f:
            f.write("import Foundation\nimport RxSwift\nimport XCTest\n\n"
                    f"final class Group{c:03d}Tests: XCTestCase {{\n" + "\n\n".join(body) + "\n}\n")
    with open(os.path.join(tests_dir, "OddNames.swift"), "w") as f:
        f.write('''import RxSwift
import Testing

@Suite struct OddNames {
    @Test("display \\"quoted\\" <b>&amp;</b> / back\\\\slash ✓") func displayName() {
        #expect(Observable.just(1).map { $0 + 1 } is Observable<Int>)
    }

    @Test func `spaces, a / slash (parens) [brackets] & ünïcödé`() {}

    @Test(arguments: ["a\\nb", "tab\\there", "<x>&", "\\"q\\"", "👩‍👩‍👧", ""])
    func oddArguments(_ value: String) {
        #expect(value.count >= 0)
    }
}
''')


def descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None


def command(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return ""


def run():
    reports = os.path.join(scratch, "reports")
    started = time.time()
    process = subprocess.Popen([rxtrace, "test", "--package-path", package, "--jobs", "2", "--output", reports,
                                "--no-color"], stdout=open(os.path.join(scratch, "out.txt"), "w"),
                               stderr=open(os.path.join(scratch, "err.txt"), "w"))
    rxtrace_peak, test_peaks, killed, first_test_at = 0, {}, None, None
    while process.poll() is None:
        rxtrace_peak = max(rxtrace_peak, peak_kib(process.pid) or 0)
        for pid in descendants(process.pid):
            if command(pid).endswith(".xctest"):
                first_test_at = first_test_at or time.time()
                test_peaks[pid] = max(test_peaks.get(pid, 0), peak_kib(pid) or 0)
        if killed is None and os.path.exists(victim_pid_file):
            victim = int(open(victim_pid_file).read())
            os.kill(victim, signal.SIGKILL)
            killed = victim
        time.sleep(0.05)
    ended = time.time()
    return process.returncode, reports, rxtrace_peak, test_peaks, killed, started, first_test_at, ended


def check(code, reports, killed):
    err = open(os.path.join(scratch, "err.txt")).read()
    if killed is None:
        fail(f"the victim test never started; rxtrace exited {code}: {err[-2000:]}")
    if code != 3:
        fail(f"rxtrace test exited {code}, expected 3 (a test process was killed): {err[-2000:]}")
    report = json.load(open(os.path.join(reports, "rxtrace.json")))
    tests = {s["name"]: s for s in report["scenarios"]}
    expected = {f"LoadTests.Group{c:03d}Tests/test{m:03d}" for c in range(classes) for m in range(methods)}
    missing = expected - tests.keys()
    if missing:
        fail(f"{len(missing)} XCTest tests missing from the report, e.g. {sorted(missing)[:5]}")
    victim = f"LoadTests.Group{VICTIM_CLASS:03d}Tests/test{methods // 2:03d}"
    status = tests[victim]["status"]
    if status.get("state") != "crashed" or status.get("signal") != 9:
        fail(f"the killed test is reported as {status}, expected crashed by signal 9")
    after = f"LoadTests.Group{VICTIM_CLASS:03d}Tests/test{methods // 2 + 1:03d}"
    if tests[after]["status"].get("state") not in ("clean", "passed") and tests[after].get("findings"):
        fail(f"the test after the killed one is reported as {tests[after]['status']}")
    leaking = {f"LoadTests.Group{c:03d}Tests/test{m:03d}" for c, m in LEAKING}
    leaks = {name for name, s in tests.items() if any(f["kind"] == "leakedSubscription" for f in s.get("findings", []))}
    if leaks != leaking:
        fail(f"leaking tests reported {sorted(leaks)[:10]}, expected {sorted(leaking)}")
    for name in leaking:
        site = tests[name]["findings"][0].get("callSite") or {}
        if not site.get("file", "").endswith("Group000Tests.swift"):
            fail(f"{name}'s leak is not placed in its file: {site}")
    odd = [name for name in tests if name.startswith("LoadTests.OddNames/")]
    if len(odd) < 3:
        fail(f"the odd-named Swift Testing tests are not in the report: {odd}")
    stopped = [name for name, s in tests.items() if s["status"].get("state") in ("crashed", "timedOut") and name != victim]
    if stopped:
        fail(f"tests other than the killed one stopped: {stopped[:5]}")
    return len(tests), odd


def main():
    if os.path.exists(victim_pid_file):
        os.remove(victim_pid_file)
    generate()
    code, reports, rxtrace_peak, test_peaks, killed, started, first_test_at, ended = run()
    count, odd = check(code, reports, killed)
    peaks = sorted(test_peaks.values())
    print(f"load-check: {count} tests reported ({classes * methods} XCTest + {count - classes * methods} Swift Testing "
          f"cases), the 5 leaks found, the test process SIGKILLed mid-run reported as crashed and the rest checked")
    print(f"load-check: odd names as reported: {odd}")
    print(f"load-check: wall {ended - started:.0f} s (build {((first_test_at or ended) - started):.0f} s, "
          f"tests {ended - (first_test_at or ended):.0f} s); peak RSS rxtrace {rxtrace_peak / 1024:.0f} MiB; "
          f"{len(peaks)} test processes, peak RSS median {peaks[len(peaks) // 2] / 1024:.0f} MiB, "
          f"max {peaks[-1] / 1024:.0f} MiB")


main()
