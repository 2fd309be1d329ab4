#!/usr/bin/env bash
# `rxtrace test --fix` end to end, as a user types it, on a copy of Tests/Fixtures/FixProofSuite:
#  - its patches are proven and verified (a method reference, a closure using self twice, a
#    dropped subscription ended by take(until:), one in a test body), and the two that must not
#    be are reported not verified with their reasons: SharedCache.follow() "still leaks" (its bag
#    lives as long as the process) and Registry.register() "no patch" (kept in a static array,
#    outside the mechanical classes);
#  - every format that carries the verdict says it: JSON (valid against docs/report.schema.json),
#    text, Markdown and HTML (with the diff), SARIF (fixes for the verified ones only; valid SARIF 2.1.0);
#  - the run is `--fix=apply` in the copy's git work tree with one file changed and not committed:
#    that file is left as the user has it, the other verified change is written, and the re-check
#    of the whole suite agrees;
#  - rxtrace.patch, applied with `git apply` to the committed copy, makes `rxtrace test` of the
#    fixed tests exit 0 with every test passing and no finding;
#  - that plain `rxtrace test` builds and names nothing of the fixer;
#  - on a copy of Tests/Fixtures/LeakyTestSuite, its three leaking tests: the dropped subscription,
#    the cycle and the dropped timer on a TestScheduler are verified, and with rxtrace.patch
#    applied the three pass `rxtrace test` with no finding.
# The fixer is the one fix-test built (RXTRACE_FIX), so swift-syntax is compiled once per `make test`.
source "$(dirname "$0")/fix-common.sh"
started=$(date +%s)
export RXTRACE_FIX="$fixer"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "fix-cli-check: $*" >&2; exit 1; }
# A fixture as a package of the user's own, outside this repository, depending on it by path; the
# fixer's scratch copy goes beside it ($work/.build-rxtrace-fix-<name>), as it does beside a user's.
user_copy() {  # fixture name; prints the copy's folder
    local name=$1 copy="$work/$1"
    mkdir -p "$copy"
    (cd "Tests/Fixtures/$name" && tar --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - .) | tar -xf - -C "$copy"
    sed -i "s|path: \"../../..\"|path: \"$root\"|" "$copy/Package.swift"
    grep -q "path: \"$root\"" "$copy/Package.swift" || fail "$name's manifest no longer depends on ../../.."
    echo "$copy"
}
copy="$(user_copy FixProofSuite)"
# The user's work tree: committed, then a change of theirs in a file a verified patch touches,
# below its patched lines, so the report's lines and rxtrace.patch are those of the committed file.
printf '.build/\n' >"$copy/.gitignore"
git -C "$copy" init -q
git -C "$copy" add -A
git -C "$copy" -c user.name=check -c user.email=check@localhost commit -qm "the user's package"
printf '\n// A note of the user'"'"'s, not committed yet.\n' >>"$copy/Sources/Proof/Owners.swift"
cp "$copy/Sources/Proof/Owners.swift" "$work/Owners.swift.users"

reports="$work/reports"
expect_exit 1 "$work/fix.txt" "$rxtrace" test --package-path "$copy" --fix=apply --output "$reports" --no-color
fixed=$(date +%s)
for line in "rxtrace-fix: not applied to Sources/Proof/Owners.swift: it has uncommitted changes" \
    "rxtrace-fix: applied to Tests/ProofTests/ProofTests.swift" \
    "rxtrace-fix: re-check of the whole suite with 1 of 2 changed files written: as verified"; do
    grep -qF "$line" "$work/fix.txt" || { tail -30 "$work/fix.txt" >&2; fail "--fix=apply did not say: $line"; }
done
cmp -s "$copy/Sources/Proof/Owners.swift" "$work/Owners.swift.users" || fail "--fix=apply wrote over a file with uncommitted changes"
[ "$(git -C "$copy" status --porcelain --untracked-files=all)" = "$(printf ' M Sources/Proof/Owners.swift\n M Tests/ProofTests/ProofTests.swift')" ] \
    || { git -C "$copy" status --porcelain --untracked-files=all >&2; fail "--fix=apply changed other files than the test it fixed"; }
git -C "$copy" apply --reverse --check --include=Tests/ProofTests/ProofTests.swift "$reports/rxtrace.patch" \
    || fail "--fix=apply wrote Tests/ProofTests/ProofTests.swift otherwise than rxtrace.patch says"
git -C "$copy" checkout -q -- .
grep -q "now carry each finding's patch" "$work/fix.txt" || { tail -20 "$work/fix.txt" >&2; fail "the reports were not re-written with the patches"; }
python3 Tools/checks/validate_report.py json "$reports/rxtrace.json" >/dev/null || fail "rxtrace.json is not valid against docs/report.schema.json"
python3 Tools/checks/validate_report.py sarif "$reports/rxtrace.sarif" >/dev/null || fail "rxtrace.sarif is not valid SARIF 2.1.0"

python3 - "$reports" <<'PY'
import json, pathlib, sys
folder = pathlib.Path(sys.argv[1])
def fail(message): sys.exit(f"fix-cli-check: {message}")
report = json.loads((folder / "rxtrace.json").read_text())
expected = {
    "Sources/Proof/Owners.swift:9": "verified", "Sources/Proof/Owners.swift:24": "verified",
    "Sources/Proof/Owners.swift:43": "verified", "Tests/ProofTests/ProofTests.swift:26": "verified",
    "Sources/Proof/Owners.swift:57": "still leaks", "Sources/Proof/Owners.swift:66": "no patch: line 66 has no",
}
seen = {}
for scenario in report["scenarios"]:
    for finding in scenario["findings"]:
        site = finding["callSite"]["file"] + ":" + str(finding["callSite"]["line"])
        patch = finding.get("patch")
        if patch is None:
            fail(f"{site}: no patch verdict in rxtrace.json")
        seen[site] = patch
for site, want in expected.items():
    patch = seen.get(site) or fail(f"{site}: no finding in the report")
    if want == "verified":
        if not patch["verified"] or not patch.get("diff") or not patch["replacements"]:
            fail(f"{site}: expected a verified patch with its diff and replacements, got {patch}")
    elif patch["verified"] or not patch.get("reason", "").startswith(want):
        fail(f"{site}: expected not verified, '{want}…', got {patch}")
if set(seen) != set(expected):
    fail(f"call sites {sorted(seen)}, expected {sorted(expected)}")

text = (folder / "rxtrace.txt").read_text()
markdown = (folder / "rxtrace.md").read_text()
html = (folder / "rxtrace.html").read_text()
for name, body, needles in [
    ("rxtrace.txt", text, ["patch: verified (in rxtrace.patch): ", "patch: not verified: still leaks", "patch: not verified: no patch: line 66 has no"]),
    ("rxtrace.md", markdown, ["**Patch (verified, in rxtrace.patch):**", "**Patch (not verified):** still leaks", "**Patch (not verified):** no patch: line 66 has no", "```diff\n--- a/Sources/Proof/Owners.swift"]),
    ("rxtrace.html", html, ["<b>Patch, verified</b>", "<b>Patch, not verified</b>: still leaks", "<b>Patch, not verified</b>: no patch: line 66 has no", '<span class="line add">+']),
]:
    for needle in needles:
        if needle not in body:
            fail(f"{name} does not say {needle!r}")

sarif = json.loads((folder / "rxtrace.sarif").read_text())
results = sarif["runs"][0]["results"]
with_fixes = [r for r in results if r.get("fixes")]
marks = [r["properties"].get("patch", "") for r in results]
if not with_fixes or any(r["properties"]["patch"] != "verified" for r in with_fixes):
    fail("SARIF: fixes must be on the verified results, and only there")
for r in with_fixes:
    change = r["fixes"][0]["artifactChanges"][0]
    for replacement in change["replacements"]:
        if "deletedRegion" not in replacement or "insertedContent" not in replacement:
            fail(f"SARIF: a replacement without deletedRegion/insertedContent: {replacement}")
if not any(m.startswith("not verified: still leaks") for m in marks) or not any(m.startswith("not verified: no patch") for m in marks):
    fail(f"SARIF: the not-verified verdicts are missing from the results' properties: {marks}")
verified = sum(1 for p in seen.values() if p["verified"])
print(f"fix-cli-check: rxtrace test --fix=apply: {verified} verified, {len(seen) - verified} not verified (still leaks; no patch), in JSON, text, Markdown, HTML and SARIF ({len(with_fixes)} results with fixes)")
PY

(cd "$copy" && git apply "$reports/rxtrace.patch") || fail "git apply of rxtrace.patch to the committed copy failed"
# A plain `rxtrace test` (no --fix, no RXTRACE_FIX) builds nothing of the fixer.
expect_exit 0 "$work/after.txt" env -u RXTRACE_FIX "$rxtrace" test --package-path "$copy" --filter 'Presenter|Tally|Poller|SeesTicks' --output "$work/after" --no-color
[ ! -e "$copy/.build/rxtrace-fix" ] && ! grep -q "fixer" "$work/after.txt" || fail "a plain rxtrace test built or named the fixer"
python3 - "$work/after/rxtrace.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
results = [(s.get("testOutcome") or {}).get("result") for s in report["scenarios"]]
if len(results) != 4 or set(results) != {"passed"} or any(s["findings"] for s in report["scenarios"]):
    sys.exit(f"fix-cli-check: after rxtrace.patch: {results}, findings {[s['findings'] for s in report['scenarios'] if s['findings']]}")
print("fix-cli-check: after git apply rxtrace.patch: rxtrace test exits 0, 4 tests passed, no finding")
PY

# The project's leaky fixture, its leak side: the dropped subscription (FeedScreen), the cycle
# (CyclicCounter) and the dropped periodic subscription on a TestScheduler (TickCounter) each get
# a verified patch, and with rxtrace.patch applied those tests pass rxtrace test with no finding.
leaky="$(user_copy LeakyTestSuite)"
leak_tests='FeedScreenXCTests/test(LeakingScreenShowsUpdates|CyclicCounterCounts|TimerOnVirtualTime)'
expect_exit 1 "$work/leaky-fix.txt" "$rxtrace" test --package-path "$leaky" --filter "$leak_tests" --fix --output "$work/leaky" --no-color
python3 - "$work/leaky/rxtrace.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
patches = {f["callSite"]["file"] + ":" + str(f["callSite"]["line"]): f.get("patch") or {}
           for s in report["scenarios"] for f in s["findings"] + s.get("cycles", []) if f.get("callSite")}
expected = {"Sources/Feed/FeedScreen.swift:15", "Sources/Feed/FeedScreen.swift:30", "Sources/Feed/FeedScreen.swift:43"}
unverified = {site: p.get("reason") for site, p in patches.items() if not p.get("verified")}
if set(patches) != expected or unverified:
    sys.exit(f"fix-cli-check: LeakyTestSuite: patches at {sorted(patches)}, not verified: {unverified}")
print("fix-cli-check: LeakyTestSuite: the screen's dropped subscription, the cycle and the timer on a TestScheduler are verified")
PY
(cd "$leaky" && git apply "$work/leaky/rxtrace.patch") || fail "git apply of LeakyTestSuite's rxtrace.patch failed"
expect_exit 0 "$work/leaky-after.txt" "$rxtrace" test --package-path "$leaky" --filter "$leak_tests" --output "$work/leaky-after" --no-color
python3 - "$work/leaky-after/rxtrace.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
results = [(s.get("testOutcome") or {}).get("result") for s in report["scenarios"]]
if len(results) != 3 or set(results) != {"passed"} or any(s["findings"] for s in report["scenarios"]):
    sys.exit(f"fix-cli-check: LeakyTestSuite after rxtrace.patch: {results}")
print("fix-cli-check: LeakyTestSuite after git apply rxtrace.patch: rxtrace test exits 0, 3 tests passed, no finding")
PY
ended=$(date +%s)
echo "fix-cli-check: ok ($((fixed - started)) s for rxtrace test --fix=apply on FixProofSuite, $((ended - started)) s in all after the builds of rxtrace and the fixer)"
