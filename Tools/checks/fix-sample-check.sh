#!/usr/bin/env bash
# `rxtrace test --fix` on a copy of Examples/SampleApp, the RxSwift + RxCocoa app switched to
# rxtrace by its manifest alone, placed outside this repository: its one finding,
# LeakyProfileScreen's dropped `drive`, gets a verified patch (a bag of its own and
# `.disposed(by:)`), and with rxtrace.patch applied to the copy (which --fix leaves as it was) the
# whole suite passes `rxtrace test`: exit 0, every test passed, no finding.
# Two first traced builds of the app (the run's and the proofs' copy's): minutes on this 2-core
# machine, so not in `make test` (docs/fixes.md has its figures).
source "$(dirname "$0")/fix-common.sh"
started=$(date +%s)
export RXTRACE_FIX="$fixer"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "fix-sample-check: $*" >&2; exit 1; }

copy="$work/SampleApp"
mkdir -p "$copy"
(cd Examples/SampleApp && tar --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - .) | tar -xf - -C "$copy"
sed -i "s|^let rxtracePath = \"../..\"|let rxtracePath = \"$root\"|" "$copy/Package.swift"
grep -q "^let rxtracePath = \"$root\"" "$copy/Package.swift" || fail "the sample app's manifest no longer sets rxtracePath"

expect_exit 1 "$work/fix.txt" "$rxtrace" test --package-path "$copy" --fix --output "$work/fix" --no-color
fixed=$(date +%s)
python3 - "$work/fix/rxtrace.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
patches = {f["callSite"]["file"] + ":" + str(f["callSite"]["line"]): f.get("patch") or {}
           for s in report["scenarios"] for f in s["findings"] + s.get("cycles", []) if f.get("callSite")}
drive = [site for site in patches if site.startswith("Sources/SampleViewModels/ProfileScreen.swift:")]
if len(patches) != 1 or len(drive) != 1 or not patches[drive[0]].get("verified"):
    sys.exit(f"fix-sample-check: expected one verified patch for the dropped drive, got {patches}")
diff = patches[drive[0]].get("diff", "")
if "DisposeBag()" not in diff or ".disposed(by: disposeBag)" not in diff:
    sys.exit(f"fix-sample-check: the patch does not add a bag and dispose the drive with it:\n{diff}")
print(f"fix-sample-check: the dropped drive at {drive[0]} has a verified patch:")
print("\n".join("  " + line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")))
PY
(cd "$copy" && git apply "$work/fix/rxtrace.patch") || fail "git apply of rxtrace.patch failed"
expect_exit 0 "$work/after.txt" "$rxtrace" test --package-path "$copy" --output "$work/after" --no-color
python3 - "$work/after/rxtrace.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
results = [(s.get("testOutcome") or {}).get("result") for s in report["scenarios"]]
findings = [f for s in report["scenarios"] for f in s["findings"]]
if not results or set(results) != {"passed"} or findings:
    sys.exit(f"fix-sample-check: after rxtrace.patch: {results}, findings {findings}")
print(f"fix-sample-check: after git apply rxtrace.patch: rxtrace test exits 0, {len(results)} tests passed, no finding")
PY
ended=$(date +%s)
echo "fix-sample-check: ok ($((fixed - started)) s for rxtrace test --fix, $((ended - started)) s in all after the builds of rxtrace and the fixer)"
