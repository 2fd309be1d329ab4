"""Assertions of test-suite-check.sh over the reports `rxtrace test` wrote (see that script)."""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

mode, folder, package = sys.argv[1], sys.argv[2], sys.argv[3]


def fail(message):
    sys.exit(f"test-suite-check ({mode}): {message}")


def line_of(path, text):
    with open(os.path.join(package, path)) as source:
        for number, line in enumerate(source, 1):
            if text in line:
                return number
    fail(f"'{text}' is not in {path}")


report = json.load(open(os.path.join(folder, "rxtrace.json")))
if report.get("subject") != "tests":
    fail(f"the report's subject is {report.get('subject')!r}, not 'tests'")
tests = {s["name"]: s for s in report["scenarios"]}
failing = {name for name, s in tests.items() if not s["passed"]}


def call_sites(test):
    return {(f["callSite"]["file"].split("/")[-1], f["callSite"]["line"]) for f in tests[test]["findings"]
            if f.get("callSite") and f["kind"] == "leakedSubscription" and not f.get("suppressedBy")}


x = "FeedTests.FeedScreenXCTests/"
s = "FeedTests.FeedScreenSwiftTests/"
if mode != "sample":
    screen_leak = ("FeedScreen.swift", line_of("Sources/Feed/FeedScreen.swift", "_ = service.updates.subscribe"))
    timer_leak = ("FeedScreen.swift", line_of("Sources/Feed/FeedScreen.swift", "_ = Observable<Int>.interval"))
    cycle_line = ("FeedScreen.swift", line_of("Sources/Feed/FeedScreen.swift", "values.subscribe(onNext: { _ in self.count += 1 })"))
    # The cyclic counter's subscription is part of its cycle's finding, not a leak of its own.
    leaking = {x + "testLeakingScreenShowsUpdates": {screen_leak}, x + "testTimerOnVirtualTime": {timer_leak},
               x + "testCyclicCounterCounts": set(),
               s + "leakingScreen()": {screen_leak}, s + "screenByArgument(leaks:) [true]": {screen_leak}}
    clean = {x + "testCleanScreenShowsUpdates", x + "testAsyncClean", x + "testSubscriptionKeptInTheTestCaseBag",
             x + "testBinderFedFromABackgroundQueue", x + "testLeavesARefreshQueued",
             s + "cleanScreen()", s + "asyncClean()", s + "screenByArgument(leaks:) [false]", s + "notYet()"}



if mode in ("leaks", "all"):
    crash = "FeedTests.CrashingXCTests/testTraps"
    hang = "FeedTests.HangingXCTests/testWaitsForever"
    expected_failing = set(leaking) | ({crash, hang} if mode == "all" else set())
    if failing != expected_failing:
        fail(f"failing tests {sorted(failing)}, expected {sorted(expected_failing)}")
    missing = (set(leaking) | clean) - set(tests)
    if missing:
        fail(f"tests missing from the report: {sorted(missing)}")
    for test, sites in leaking.items():
        if call_sites(test) != sites:
            fail(f"{test} reported at {sorted(call_sites(test))}, expected {sorted(sites)}")
    cyclic = tests[x + "testCyclicCounterCounts"]["findings"]
    cycles = [f for f in cyclic if f["kind"] == "referenceCycle"]
    if len(cycles) != 1 or (cycles[0]["callSite"]["file"].split("/")[-1], cycles[0]["callSite"]["line"]) != cycle_line:
        fail(f"the strong-self cycle is not one reference cycle at {cycle_line}: {cycles}")
    if len(cyclic) != 1 or cycles[0].get("operatorChain") != ["concat", "subscribe"]:
        fail(f"the subscription on the cycle is not part of the cycle's one finding: {[(f['kind'], f.get('operatorChain')) for f in cyclic]}")
    if tests[x + "testBinderFedFromABackgroundQueue"].get("findings"):
        fail(f"the Binder fed from a background queue has findings: {tests[x + 'testBinderFedFromABackgroundQueue']['findings']}")
    if "weak self" not in json.dumps(tests[x + "testCyclicCounterCounts"].get("cycles", [])):
        fail("the cycle's fix does not say to capture self weakly")
    if "skipped" not in tests[s + "notYet()"]["summary"]:
        fail(f"the disabled Swift Testing test is not reported as skipped: {tests[s + 'notYet()']['summary']}")
    held = tests[x + "testSubscriptionKeptInTheTestCaseBag"]["findings"]
    if not held or not all(f.get("suppressedBy") for f in held) or "FeedScreenXCTests.disposeBag" not in held[0].get("retentionReason", ""):
        fail(f"the test-case-held subscription is not reported as held by FeedScreenXCTests.disposeBag: {held}")
    if "release `disposeBag` when the test ends" not in (held[0].get("fix") or ""):
        fail(f"the test-case-held subscription's fix does not say to release disposeBag when the test ends: {held[0].get('fix')}")
    if tests[s + "leakingScreen()"]["findings"][0]["growthPerPass"] != 1:
        fail("the Swift Testing leak does not grow by 1 per run")
    if mode == "all":
        crashed = tests[crash]
        if crashed["status"]["state"] != "crashed" or "testTraps" not in json.dumps(crashed.get("threadStacks", [])):
            fail(f"the crashing test is not reported as crashed with its stack: {crashed['status']} {crashed.get('threadStacks')}")
        hung = tests[hang]
        if hung["status"]["state"] != "timedOut" or "testWaitsForever" not in json.dumps(hung.get("threadStacks", [])):
            fail(f"the hanging test is not reported as timed out with where it waited: {hung['status']} {hung.get('threadStacks')}")
    # The five other formats carry the same verdicts.
    for name in ("rxtrace.txt", "rxtrace.html", "rxtrace.md", "rxtrace.sarif", "rxtrace.junit.xml"):
        if not os.path.getsize(os.path.join(folder, name)):
            fail(f"{name} is empty")
    junit = ET.parse(os.path.join(folder, "rxtrace.junit.xml")).getroot()
    cases = {(c.get("classname"), c.get("name")): c for c in junit.iter("testcase")}
    for test in leaking:
        cls, name = test.split("/", 1)
        case = cases.get((cls, name))
        if case is None or case.find("failure") is None:
            fail(f"JUnit has no <failure> for {test}")
    if cases.get(("FeedTests.FeedScreenXCTests", "testCleanScreenShowsUpdates")) is None:
        fail("JUnit has no testcase for a clean test")
    sarif = json.load(open(os.path.join(folder, "rxtrace.sarif")))
    located = {(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].split("/")[-1],
                r["locations"][0]["physicalLocation"]["region"]["startLine"])
               for r in sarif["runs"][0]["results"] if r.get("ruleId") == "RX001" and r.get("locations")}
    if not {screen_leak, timer_leak} <= located:
        fail(f"SARIF RX001 results at {sorted(located)}, expected the leak lines {screen_leak}, {timer_leak}")
    markdown = open(os.path.join(folder, "rxtrace.md")).read()
    if "testLeakingScreenShowsUpdates" not in markdown:
        fail("the Markdown summary does not name the leaking test")
    # One bug, one entry: the screen's leak, made by three tests, is one entry naming them all.
    screen_tests = [x + "testLeakingScreenShowsUpdates", s + "leakingScreen()", s + "screenByArgument(leaks:) [true]"]
    signature = next(f["signature"] for f in tests[screen_tests[0]]["findings"] if f["kind"] == "leakedSubscription")
    groups = [g for g in report.get("findingGroups", []) if g["signature"] == signature]
    if len(groups) != 1 or sorted(groups[0]["seenIn"]) != sorted(screen_tests):
        fail(f"JSON findingGroups does not hold the screen's leak once, seen in {screen_tests}: {groups}")
    seen_in = "seen in 3 tests: " + ", ".join(groups[0]["seenIn"])
    text = open(os.path.join(folder, "rxtrace.txt")).read()
    html = open(os.path.join(folder, "rxtrace.html")).read()
    for name, body in (("rxtrace.txt", text), ("rxtrace.md", markdown), ("rxtrace.html", html)):
        if seen_in not in body:
            fail(f"{name} does not say '{seen_in}'")
    if text.count(f"signature: {signature}") != 1 or text.count(f"the same finding as in {groups[0]['seenIn'][0]}") != 2:
        fail(f"rxtrace.txt does not show the screen's leak once and point at it from the two other tests")
    pointing = [c for c in junit.iter("testcase") if c.find("failure") is not None
                and "the same finding as in" in (c.find("failure").get("message") or "")]
    if len(pointing) != 2:
        fail(f"JUnit: {len(pointing)} failing tests point at the screen leak's entry, expected 2")
    screen_results = [r for r in sarif["runs"][0]["results"] if r["partialFingerprints"].get("rxtraceSignature/v2") == signature]
    if len(screen_results) != 1 or sorted(screen_results[0]["properties"].get("seenIn", [])) != sorted(screen_tests):
        fail(f"SARIF does not have one result for the screen's leak naming its three tests: {[r['properties'] for r in screen_results]}")
    # Work left queued is still running after the test, named by its scheduler and line, and fails nothing.
    queued_line = line_of("Tests/FeedTests/FeedScreenXCTests.swift", "// the queued refresh")
    # The path is the repository's: the package may sit anywhere in it.
    still = re.compile(re.escape("still running after the test: 1 item pending on SerialDispatchQueueScheduler(feed.refresh), "
                                 "scheduled at ") + r"\S*" + re.escape(f"Tests/FeedTests/FeedScreenXCTests.swift:{queued_line} after "))
    queued = tests[x + "testLeavesARefreshQueued"].get("findings", [])
    if not queued or not all(still.match(f.get("retentionReason") or "") and f.get("suppressedBy") for f in queued):
        fail(f"the queued refresh is not 'still running after the test' at its line: {[f.get('retentionReason') for f in queued]}")
    for name, body in (("rxtrace.txt", text), ("rxtrace.html", html), ("rxtrace.sarif", json.dumps(sarif))):
        if not still.search(body):
            fail(f"{name} does not say the queued refresh is still running, at its line")
    queued_case = cases.get(("FeedTests.FeedScreenXCTests", "testLeavesARefreshQueued"))
    if queued_case is None or queued_case.find("failure") is not None or "testLeavesARefreshQueued" not in markdown:
        fail("JUnit or Markdown does not list the queued-refresh test as passing")
    # A Binder fed off the main thread is legal (RxSwift binds on its scheduler): no anomaly anywhere.
    for name in ("rxtrace.txt", "rxtrace.html", "rxtrace.md", "rxtrace.sarif", "rxtrace.junit.xml", "rxtrace.json"):
        if "offMainThread" in open(os.path.join(folder, name)).read():
            fail(f"{name} reports an offMainThread anomaly")
elif mode == "strict":
    if failing != {x + "testSubscriptionKeptInTheTestCaseBag"}:
        fail(f"--strict failing tests {sorted(failing)}")
elif mode == "plugin":
    if failing != {x + "testLeakingScreenShowsUpdates"} or s + "cleanScreen()" not in tests:
        fail(f"the plugin's failing tests {sorted(failing)} of {sorted(tests)}")
    if call_sites(x + "testLeakingScreenShowsUpdates") != {screen_leak}:
        fail("the plugin's leak is not at the subscribe line")
elif mode == "sample":
    leaky = "SampleViewModelsTests.ProfileScreenTests/testLeakyScreenTitleFollowsTheSignedInUser"
    if failing != {leaky}:
        fail(f"failing tests {sorted(failing)}, expected only {leaky}")
    drive = ("ProfileScreen.swift", line_of("Sources/SampleViewModels/ProfileScreen.swift", "the dropped drive (expected leak)"))
    if call_sites(leaky) != {drive}:
        fail(f"the dropped drive reported at {sorted(call_sites(leaky))}, expected {drive}")
    chain = " → ".join(tests[leaky]["findings"][0]["operatorChain"])
    if chain != "asDriver → map → drive":
        fail(f"the dropped drive's chain reads {chain!r}")
print(f"test-suite-check ({mode}): {len(tests)} tests, failing: {', '.join(sorted(failing)) or 'none'}")
