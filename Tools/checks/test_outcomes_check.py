"""Assertions of test-outcomes-check.sh: what `swift test` printed for Tests/Fixtures/OutcomesSuite
against what `rxtrace test` reported for it (see that script).

  swift-test LOG OUT.json          parse `swift test --verbose` output into outcomes, check them
                                   against the fixture's design, write them to OUT.json
  compare OUT.json FOLDER STDOUT   the report set `rxtrace test` wrote in FOLDER, and the standard
                                   output it printed, against those outcomes
  plugin OUT.json FOLDER STDOUT STDERR
                                   the same for `swift package rxtrace test`, and SwiftPM's error
                                   line last on its standard error
  merged OUTPUT                    the plugin's stdout and stderr in one stream (SwiftPM's stdout
                                   line-buffered): every line whole, the status line, then
                                   SwiftPM's error line
"""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

mode = sys.argv[1]


def fail(message):
    sys.exit(f"test-outcomes-check ({mode}): {message}")


# What each test of the fixture does under `swift test`, by the name swift test prints (XCTest:
# Class.method; Swift Testing: the function, and a parameterized test's cases by their argument).
# The fixture exists to cover each of these ends; if `swift test` stops giving one, the fixture no
# longer tests what it claims.
DESIGNED = {
    "CartXCTests.testTotalAddsPrices": "passed",
    "CartXCTests.testBadgeCountsPrices": "failed",
    "CartXCTests.testGiftWrapping": "failed",
    "CartXCTests.testCheckoutOfAnEmptyCart": "failed",
    "CartXCTests.testPayWithDeviceWallet": "skipped",
    "CartXCTests.testLeakingBadgeCounts": "passed",
    "CartXCTests.testLeakingBadgeMiscounts": "failed",
    "totalOfOneItem()": "passed",
    "badgeMatchesItems()": "failed",
    "emptyCheckoutThrows()": "failed",
    "couponApplies()": "skipped",
    "discountRoundsForTheCustomer()": "knownIssue",
    "firstItemIsFree()": "failed",
    "discount(percent:) [0]": "passed",
    "discount(percent:) [10]": "passed",
    "discount(percent:) [50]": "failed",
    "leakingBadgeCounts()": "passed",
    "leakingBadgeMiscounts()": "failed",
    "mainActorTestRunsAsSwiftTestRunsIt()": "passed",
    "firstInQueue()": "passed",
    "secondInQueue()": "passed",
}
LEAKING = {"CartXCTests.testLeakingBadgeCounts", "CartXCTests.testLeakingBadgeMiscounts",
           "leakingBadgeCounts()", "leakingBadgeMiscounts()"}

XC_CASE = re.compile(r"^Test Case '([\w.]+)' (passed|failed|skipped) \(")
XC_ISSUE = re.compile(r"^(.*?):(\d+): error: ([\w.]+) : (.*)$")
XC_SKIP = re.compile(r"^.*?:\d+: ([\w.]+) : Test skipped - (.*)$")
ST_END = re.compile(r"^(✔|✘|━) Test (?!run with )(\S.*?)(?: with \d+ test cases?)? (passed|failed) after ")
ST_CASE_END = re.compile(r"^(✔|✘|━) Test case passing \d+ arguments? (.*) to (\S.*?) (passed|failed) after ")
ST_SKIP = re.compile(r'^➜ Test (\S.*?) skipped(?:: "(.*)")?$')
ST_ISSUE = re.compile(
    r"^(✘|━) Test (\S.*?) recorded (an issue|a known issue)(?: with \d+ arguments? (.*?))? at ([^:]+):(\d+):\d+: (.*)$")
ST_ARGUMENT = re.compile(r"(?:^|, )\w+ → (.*?) \([\w.<>\[\], ]+\)(?=, \w+ → |$)")
ST_ARGUMENT_PLAIN = re.compile(r"(?:^|, )\w+ → (.*?)(?=, \w+ → |$)")


def case_name(test, arguments, typed):
    """`discount(percent:) [50]`: the test and its arguments' values, as rxtrace names a case."""
    values = (ST_ARGUMENT if typed else ST_ARGUMENT_PLAIN).findall(arguments)
    return f"{test} [{', '.join(values)}]"


def parse_swift_test(log):
    """{name: {"result", "issues": [(file, line, message, known)], "skipReason"}} from the output."""
    tests, parameterized = {}, set()

    def entry(name):
        return tests.setdefault(name, {"result": None, "issues": [], "skipReason": None})

    for raw in log.splitlines():
        line = raw.rstrip()
        if m := XC_CASE.match(line):
            entry(m[1])["result"] = m[2]
        elif m := XC_SKIP.match(line):
            entry(m[1])["skipReason"] = m[2]
        elif m := XC_ISSUE.match(line):
            place = None if m[1] == "<EXPR>" else (os.path.basename(m[1]), int(m[2]))
            entry(m[3])["issues"].append((place, m[4], False))
        elif m := ST_CASE_END.match(line):
            parameterized.add(m[3])
            entry(case_name(m[3], m[2], typed=True))["result"] = "knownIssue" if m[1] == "━" else m[4]
        elif m := ST_END.match(line):
            entry(m[2])["result"] = "knownIssue" if m[1] == "━" else m[3]
        elif m := ST_SKIP.match(line):
            skipped = entry(m[1])
            skipped["result"], skipped["skipReason"] = "skipped", m[2]
        elif m := ST_ISSUE.match(line):
            name = case_name(m[2], m[4], typed=False) if m[4] else m[2]
            entry(name)["issues"].append(((m[5], int(m[6])), m[7], m[3] == "a known issue"))
    # A parameterized test's own line sums up its cases, which are reported each on their own.
    swift_testing_tests = sum(1 for name in tests if "(" in name and " [" not in name)
    for test in parameterized:
        tests.pop(test, None)
    # The parse against swift test's own totals, so that a line it missed cannot go unseen.
    xctests = re.findall(r"^\s*Executed (\d+) tests?,", log, re.M)
    runs = re.findall(r"^. Test run with (\d+) tests? ", log, re.M)
    counted = (int(xctests[-1]) if xctests else 0, int(runs[-1]) if runs else 0)
    parsed = (sum(1 for name in tests if "(" not in name), swift_testing_tests)
    if counted != parsed:
        fail(f"swift test counted {counted} (XCTest, Swift Testing) tests, the parse found {parsed}")
    unfinished = sorted(name for name, t in tests.items() if t["result"] is None)
    if unfinished:
        fail(f"swift test printed issues but no result for {unfinished}")
    return tests


def swift_test(log_path, out_path):
    tests = parse_swift_test(open(log_path, encoding="utf-8").read())
    results = {name: t["result"] for name, t in tests.items()}
    if results != DESIGNED:
        differences = sorted(set(results.items()) ^ set(DESIGNED.items()))
        fail(f"swift test's outcomes are not the fixture's design; differing: {differences}")
    for name, test in tests.items():
        if test["result"] == "failed" and not test["issues"]:
            fail(f"swift test says {name} failed but printed no issue for it")
    json.dump(tests, open(out_path, "w"), indent=1, ensure_ascii=False)
    counts = {r: list(results.values()).count(r) for r in ("passed", "failed", "skipped", "knownIssue")}
    print(f"test-outcomes-check (swift test): {len(tests)} tests as designed: {counts}")


def rxtrace_key(name):
    """The name swift test prints for a test of rxtrace's report (`CartTests.CartXCTests/testX`)."""
    test = name.split("/", 1)[1] if "/" in name else name
    if "(" in test:
        return test
    suite = name.split("/", 1)[0].split(".")[-1]
    return f"{suite}.{test}"


STATUS = re.compile(r"rxtrace: status=\S+( \S+=\S+)*")


def lines_of(path):
    return open(path, encoding="utf-8", errors="replace").read().splitlines()


def status_line(stdout_path, code):
    """rxtrace's last line of standard output, whole."""
    lines = lines_of(stdout_path)
    if not lines or not STATUS.fullmatch(lines[-1]):
        fail(f"standard output does not end with the status line: {lines[-3:]!r}")
    if f" exit={code} " not in f" {lines[-1]} ":
        fail(f"the status line says {lines[-1]!r}, the exit status was {code}")
    return lines[-1]


def plugin_failed(stderr_path, code):
    """SwiftPM's own line for a plugin that exited non-zero, last on its standard error."""
    lines = lines_of(stderr_path)
    if not lines or lines[-1] != f"error: Plugin ended with exit code {code}":
        fail(f"SwiftPM's standard error does not end with its plugin error line: {lines[-3:]!r}")


def merged(output_path):
    """stdout and stderr in one stream, as CI logs show them, with SwiftPM's standard output
    line-buffered: every line whole, the status line the last of rxtrace's, SwiftPM's error after.

    SwiftPM relays a plugin's output (its stdout and stderr alike) to its own standard output,
    block-buffered when that is not a terminal, and writes its error line unbuffered to standard
    error: merged as they are, the error line lands at a 4,096-byte boundary inside the report
    (measured: 12,288 bytes into rxtrace's output), and inside the status line when the output's
    length falls so. No plugin can order them; `stdbuf -oL swift package …` does.
    """
    lines = lines_of(output_path)
    error = "error: Plugin ended with exit code 1"
    cut = [line for line in lines if error in line and line != error]
    if cut:
        fail(f"SwiftPM's error line lands inside a line of rxtrace's output: {cut[0]!r}")
    status = [line for line in lines if "rxtrace: status=" in line]
    if len(status) != 1 or not STATUS.fullmatch(status[0]) or " exit=1 " not in f"{status[0]} ":
        fail(f"the merged output's status line is not whole on a line of its own, with exit=1: {status!r}")
    after = lines[lines.index(status[0]) + 1:]
    if after != [error]:
        fail(f"after the status line come {after!r}, expected only SwiftPM's {error!r}")
    print(f"test-outcomes-check (merged): {status[0]!r}, then SwiftPM's error line")


def compare(expected_path, folder, stdout_path, stderr_path=None):
    expected = json.load(open(expected_path))
    report = json.load(open(os.path.join(folder, "rxtrace.json")))
    tests = {}
    for scenario in report["scenarios"]:
        key = rxtrace_key(scenario["name"])
        if key in tests:
            fail(f"two tests of the report are both {key!r} to swift test: rename one in the fixture")
        tests[key] = scenario
    missing = sorted(set(expected) - set(tests))
    extra = sorted(set(tests) - set(expected))
    if missing or extra:
        fail(f"tests swift test ran that the report lacks: {missing}; tests only the report has: {extra}")
    outcome = {key: (s.get("testOutcome") or {}) for key, s in tests.items()}
    theirs = {key: expected[key]["result"] for key in expected}
    ours = {key: outcome[key].get("result") for key in expected}
    print("test                                          swift test  rxtrace test")
    for key in sorted(expected):
        mark = "" if theirs[key] == ours[key] else "   <-- differs"
        print(f"{key:46}{theirs[key]:12}{ours[key] or 'none'}{mark}")
    if theirs != ours:
        fail(f"outcomes differ: {sorted(k for k in expected if theirs[k] != ours[k])}")

    for key, test in expected.items():
        got = outcome[key]
        want_places = sorted(tuple(place) if place else None for place, _, known in test["issues"] if not known)
        issues = [i for i in got.get("issues", []) if not i.get("isKnown")]
        got_places = sorted(
            (os.path.basename(i["file"]), i["line"]) if i.get("file") and i.get("line") and i["file"] != "<EXPR>" else None
            for i in issues)
        if sorted(map(str, want_places)) != sorted(map(str, got_places)):
            fail(f"{key}: swift test recorded issues at {want_places}, the report at {got_places}")
        if any(not issue.get("message") for issue in got.get("issues", [])):
            fail(f"{key}: an issue without its message in the report: {got['issues']}")
        known_places = sorted(tuple(p) for p, _, known in test["issues"] if known)
        got_known = sorted((os.path.basename(i["file"]), i["line"]) for i in got.get("issues", []) if i.get("isKnown"))
        if known_places != got_known:
            fail(f"{key}: swift test recorded known issues at {known_places}, the report at {got_known}")
        if test["result"] == "skipped" and got.get("skipReason") != test["skipReason"]:
            fail(f"{key}: skipped because {test['skipReason']!r} says swift test, {got.get('skipReason')!r} says the report")
        if test["result"] == "failed" and tests[key]["passed"]:
            fail(f"{key} failed under swift test and passes in the report")

    badge_line = next(n for n, line in enumerate(open(os.path.join(os.environ["FIXTURE"], "Sources/Cart/CartBadge.swift")), 1)
                      if "_ = store.prices" in line)
    leaking = {}
    for key, scenario in tests.items():
        sites = {(f["callSite"]["file"].split("/")[-1], f["callSite"]["line"]) for f in scenario["findings"]
                 if f["kind"] == "leakedSubscription" and f.get("callSite") and not f.get("suppressedBy")}
        if sites:
            leaking[key] = sites
    if set(leaking) != LEAKING or any(sites != {("CartBadge.swift", badge_line)} for sites in leaking.values()):
        fail(f"leaking tests {leaking}, expected {sorted(LEAKING)} at CartBadge.swift:{badge_line}")

    junit = ET.parse(os.path.join(folder, "rxtrace.junit.xml")).getroot()
    cases = {}
    for case in junit.iter("testcase"):
        key = rxtrace_key(f"{case.get('classname')}/{case.get('name')}")
        if key in cases:
            fail(f"JUnit has two testcases for {key}")
        cases[key] = case
    if set(cases) != set(expected):
        fail(f"JUnit testcases {sorted(cases)}, expected one per test: {sorted(expected)}")
    for key, test in expected.items():
        types = {f.get("type") for f in cases[key].findall("failure")}
        if (test["result"] == "failed") != ("assertion" in types):
            fail(f"JUnit {key}: failure types {types} for a test swift test says {test['result']}")
        if (key in LEAKING) != ("leak" in types):
            fail(f"JUnit {key}: failure types {types}, leaking: {key in LEAKING}")
        skipped = cases[key].find("skipped")
        if (test["result"] == "skipped") != (skipped is not None):
            fail(f"JUnit {key}: <skipped> does not match swift test's {test['result']}")
        if skipped is not None and skipped.get("message") != test["skipReason"]:
            fail(f"JUnit {key}: skipped with {skipped.get('message')!r}, swift test says {test['skipReason']!r}")
        if test["result"] == "failed":
            failure = next(f for f in cases[key].findall("failure") if f.get("type") == "assertion")
            first = test["issues"][0][1]
            if first.split(" - ")[0] not in (failure.get("message") or "") and first not in (failure.text or ""):
                fail(f"JUnit {key}: <failure type=\"assertion\"> does not carry swift test's {first!r}: {failure.get('message')!r}")

    counts = {r: sum(1 for t in expected.values() if t["result"] == r) for r in ("passed", "failed", "skipped", "knownIssue")}
    summary = report["summary"].get("tests") or {}
    want = {"tests": len(expected), "passed": counts["passed"], "failed": counts["failed"], "skipped": counts["skipped"],
            "knownIssues": counts["knownIssue"], "crashed": 0, "hung": 0, "leaking": len(LEAKING)}
    if {k: summary.get(k) for k in want} != want:
        fail(f"rxtrace.json's summary.tests is {summary}, swift test's outcomes give {want}")
    # The summary every other format shows, with each count as swift test's.
    words = (f"{len(expected)} tests · {counts['passed']} passed · {counts['failed']} failed · {counts['skipped']} skipped · "
             f"{counts['knownIssue']} known issue{'' if counts['knownIssue'] == 1 else 's'}")
    for name in ("rxtrace.txt", "rxtrace.md", "rxtrace.html"):
        if words not in open(os.path.join(folder, name), encoding="utf-8").read():
            fail(f"{name} does not say {words!r}")
    markdown = open(os.path.join(folder, "rxtrace.md"), encoding="utf-8").read()
    failed_section = markdown.split("### Failed tests", 1)[-1].split("\n### ", 1)[0]
    unnamed = [key for key, t in expected.items() if t["result"] == "failed" and key.split(".")[-1] not in failed_section]
    if "### Failed tests" not in markdown or unnamed:
        fail(f"the Markdown's failed tests do not name {unnamed}")

    line = status_line(stdout_path, 1)
    if stderr_path:
        plugin_failed(stderr_path, 1)
    fields = dict(field.split("=", 1) for field in line.removeprefix("rxtrace: ").split(" "))
    want_fields = {"status": "failed", "exit": "1", "tests": str(len(expected)), "passed": str(counts["passed"]),
                   "failed": str(counts["failed"]), "skipped": str(counts["skipped"]),
                   "known-issues": str(counts["knownIssue"]), "crashed": "0", "hung": "0", "leaking": str(len(LEAKING))}
    if {k: fields.get(k) for k in want_fields} != want_fields:
        fail(f"the status line {line!r} does not say {want_fields}")
    status = json.load(open(os.path.join(folder, "rxtrace-status.json")))
    if status.get("exit") != 1 or status.get("status") != "failed" or status.get("line") != line:
        fail(f"rxtrace-status.json says {status}, standard output {line!r}")
    if open(os.path.join(folder, "rxtrace-status.txt")).read().strip() != line:
        fail(f"rxtrace-status.txt is not the status line {line!r}")
    print(f"test-outcomes-check ({mode}): {len(expected)} tests, the same outcomes as swift test: {counts}, "
          f"{len(LEAKING)} leaking; {line!r}")


if mode == "swift-test":
    swift_test(sys.argv[2], sys.argv[3])
elif mode == "compare":
    compare(sys.argv[2], sys.argv[3], sys.argv[4])
elif mode == "plugin":
    compare(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
elif mode == "merged":
    merged(sys.argv[2])
else:
    fail("unknown mode")
