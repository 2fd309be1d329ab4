#!/usr/bin/env bash
# rxtrace-fix end to end on the fixtures, as a user runs it (docs/fixes.md):
#  - Tests/Fixtures/LeakyTestSuite: the dropped subscription of FeedScreen.startLeaking, the
#    cycle of CyclicCounter and TickCounter's dropped timer on a TestScheduler get verified patches;
#  - Tests/Fixtures/FixProofSuite: a method reference, a closure using self twice, a dropped
#    subscription ended by take(until:) on the owner's deallocation signal and one in a test body
#    are verified; a bag that lives for the whole process is "still leaks"; a Disposable kept in a
#    static array gets no patch, with the reason;
#  - rxtrace.patch, applied with `git apply` to a clean copy, makes `rxtrace test` exit 0 on the
#    tests of the verified findings, none of them failing;
#  - --apply refuses a file with uncommitted changes, then applies and re-checks the whole suite.
# The copies sit beside the fixtures (their manifests depend on ../../..), named .build-* so git
# ignores them. 22 minutes here while other builds ran (four first builds of a fixture): not in
# `make test`.
source "$(dirname "$0")/fix-common.sh"
work="$(mktemp -d)"
copies=()
cleanup() { rm -rf "$work" "${copies[@]}"; }
trap cleanup EXIT
fail() { echo "fix-proof-check: $*" >&2; exit 1; }

fresh_copy() {  # fixture name -> prints the copy's path
    local copy="$root/Tests/Fixtures/.build-fix-proof-$1"
    rm -rf "$copy"
    mkdir -p "$copy"
    (cd "$root/Tests/Fixtures/$1" && tar --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - .) | tar -xf - -C "$copy"
    echo "$copy"
}

# The verdicts in rxtrace-fix.json: every call site listed, verified or not, with the reason's start.
verdicts() {  # rxtrace-fix.json expected...  (each "file:line=verified" or "file:line=not verified:<reason start>")
    python3 - "$@" <<'PY'
import json, sys
fixes = json.load(open(sys.argv[1]))["fixes"]
found = {f["callSite"]: f for f in fixes}
expected = dict(e.split("=", 1) for e in sys.argv[2:])
if set(found) != set(expected):
    sys.exit(f"fix-proof-check: call sites {sorted(found)}, expected {sorted(expected)}")
for site, want in expected.items():
    fix = found[site]
    if want == "verified":
        if not fix["verified"]:
            sys.exit(f"fix-proof-check: {site} not verified: {fix.get('reason')}")
    else:
        start = want.split(":", 1)[1]
        if fix["verified"] or not (fix.get("reason") or "").startswith(start):
            sys.exit(f"fix-proof-check: {site}: verified={fix['verified']} reason={fix.get('reason')!r}, expected a reason starting {start!r}")
    print(f"fix-proof-check: {site}: {'verified' if fix['verified'] else 'not verified: ' + fix['reason'][:110]}")
PY
}

# rxtrace.patch applied with `git apply` in the copy, then the fixed tests: exit 0, none failed,
# no finding left.
patched_tests_pass() {  # copy, label (its fixer output is $work/<label>-fix), --filter of the fixed tests
    local copy=$1 label=$2 filter=$3
    (cd "$copy" && git apply "$work/$label-fix/rxtrace.patch") || fail "git apply of $label's rxtrace.patch failed"
    expect_exit 0 "$work/$label-after.txt" "$rxtrace" test --package-path "$copy" --filter "$filter" --output "$work/$label-after" --no-color
    python3 - "$work/$label-after" <<'PY'
import json, sys
report = json.load(open(sys.argv[1] + "/rxtrace.json"))
bad = [s["name"] for s in report["scenarios"] if s["findings"] or (s.get("testOutcome") or {}).get("result", "passed") not in ("passed", "skipped")]
if bad:
    sys.exit(f"fix-proof-check: after rxtrace.patch, not clean: {bad}")
results = [(s.get("testOutcome") or {}).get("result", "passed") for s in report["scenarios"]]
skipped = f" ({results.count('skipped')} skipped)" if "skipped" in results else ""
print(f"fix-proof-check: after rxtrace.patch: {len(results)} tests, none failing{skipped}, no finding")
PY
}

# LeakyTestSuite, its leak side (its crashing and hanging tests end a whole run with exit 3 whatever is fixed).
leaky="$(fresh_copy LeakyTestSuite)"; copies+=("$leaky")
expect_exit 1 "$work/leaky-before.txt" "$rxtrace" test --package-path "$leaky" --filter FeedScreen --output "$work/leaky-before" --no-color
expect_exit 0 "$work/leaky-fix.txt" "$fixer" --report "$work/leaky-before/rxtrace.json" --package-path "$leaky" --output "$work/leaky-fix" --rxtrace "$rxtrace"
verdicts "$work/leaky-fix/rxtrace-fix.json" \
    "Sources/Feed/FeedScreen.swift:15=verified" \
    "Sources/Feed/FeedScreen.swift:43=verified" \
    "Sources/Feed/FeedScreen.swift:30=verified"
patched_tests_pass "$leaky" leaky 'FeedScreen(SwiftTests|XCTests/test(Leaking|Clean|Cyclic|Async|Timer))'

# FixProofSuite: every class, and both kinds of "not verified". Its three fixer runs share one
# kept scratch copy, so only the first builds it from nothing.
proof="$(fresh_copy FixProofSuite)"; copies+=("$proof")
scratch="$root/Tests/Fixtures/.build-fix-proof-scratch"; rm -rf "$scratch"; copies+=("$scratch")
fix() { "$fixer" --report "$work/proof-before/rxtrace.json" --package-path "$proof" --rxtrace "$rxtrace" --scratch "$scratch" --keep-scratch "$@"; }
expect_exit 1 "$work/proof-before.txt" "$rxtrace" test --package-path "$proof" --output "$work/proof-before" --no-color
expect_exit 1 "$work/proof-fix.txt" fix --output "$work/proof-fix"
verdicts "$work/proof-fix/rxtrace-fix.json" \
    "Sources/Proof/Owners.swift:9=verified" \
    "Sources/Proof/Owners.swift:24=verified" \
    "Sources/Proof/Owners.swift:43=verified" \
    "Tests/ProofTests/ProofTests.swift:26=verified" \
    "Sources/Proof/Owners.swift:57=not verified:still leaks" \
    "Sources/Proof/Owners.swift:66=not verified:no patch: line 66 has no"
patched_tests_pass "$proof" proof 'Presenter|Tally|Poller|SeesTicks'
(cd "$proof" && git apply -R "$work/proof-fix/rxtrace.patch") || fail "git apply -R of FixProofSuite's rxtrace.patch failed"
grep -E "^rxtrace-fix: proved" "$work/leaky-fix.txt" "$work/proof-fix.txt" | sed 's/^[^:]*:/fix-proof-check: /'

# --apply: refused on a file with uncommitted changes, then applied; the whole suite re-checked once.
printf '.build/\n' > "$proof/.gitignore"
git -C "$proof" init -q && git -C "$proof" add -A && git -C "$proof" -c user.name=check -c user.email=check@localhost commit -qm fixture
echo "// an edit in progress" | tee -a "$proof/Sources/Proof/Owners.swift" >> "$proof/Tests/ProofTests/ProofTests.swift"
expect_exit 1 "$work/apply-dirty.txt" fix --output "$work/apply-dirty" --apply
grep -q "not applied to Sources/Proof/Owners.swift: it has uncommitted changes" "$work/apply-dirty.txt" || { cat "$work/apply-dirty.txt" >&2; fail "--apply wrote over uncommitted changes"; }
git -C "$proof" checkout -q -- Sources/Proof/Owners.swift Tests/ProofTests/ProofTests.swift
expect_exit 1 "$work/apply.txt" fix --output "$work/apply" --apply
grep -q "re-check of the whole suite with every change applied: as verified" "$work/apply.txt" || { cat "$work/apply.txt" >&2; fail "--apply's re-check did not agree"; }
[ -n "$(git -C "$proof" status --porcelain -- Sources/Proof/Owners.swift Tests/ProofTests/ProofTests.swift)" ] || fail "--apply changed nothing"
echo "fix-proof-check: --apply refused a file with uncommitted changes, then applied and re-checked the whole suite"
echo "fix-proof-check: ok"
