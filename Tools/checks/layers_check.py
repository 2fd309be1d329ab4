"""RxTrace's layers, read from the manifest (`swift package dump-package` on stdin).

Each layer may depend only on the layers below it, and ArgumentParser only on the command line:
report <- analysis <- runner <- RxTrace (CLI); RxTraceTesting and RxTraceTestSession sit on the
runner. The build's --explicit-target-dependency-import-check makes the compiler hold every
import to these declarations, so a call that runs back up does not compile.
"""
import json
import sys

# target: what it may depend on (package targets and products by name)
ALLOWED = {
    "RxTraceReport": set(),
    "RxTraceAnalysis": {"RxCore", "RxTraceReport", "CRxHeapGraph"},
    "RxTraceRunner": {"RxCore", "RxCocoa", "RxTraceReport", "RxTraceAnalysis"},
    "RxTrace": {"RxTraceRunner", "ArgumentParser"},
    "RxTraceTesting": {"RxCore", "RxTraceRunner"},
    "RxTraceTestSession": {"RxCore", "RxTraceRunner"},
    "RxTraceScenarios": {"RxCore", "RxTraceRunner"},
}

manifest = json.load(sys.stdin)
dependencies = {}
for target in manifest["targets"]:
    names = set()
    for dependency in target["dependencies"]:
        (kind, value), = dependency.items()
        names.add(value[0])
    dependencies[target["name"]] = names

problems = []
for target, allowed in ALLOWED.items():
    if target not in dependencies:
        problems.append(f"no target {target} in the manifest")
        continue
    extra = dependencies[target] - allowed
    if extra:
        problems.append(f"{target} depends on {', '.join(sorted(extra))}, above or beside its layer")
libraries = [t["name"] for t in manifest["targets"] if t["type"] == "regular"]
for target in libraries:
    if target != "RxTrace" and "ArgumentParser" in dependencies[target]:
        problems.append(f"{target} depends on ArgumentParser, which only the command line (RxTrace) may")
for problem in problems:
    print(f"layers-check: {problem}", file=sys.stderr)
if problems:
    sys.exit(1)
print("layers-check: manifest: " + " <- ".join(["RxTraceReport", "RxTraceAnalysis", "RxTraceRunner", "RxTrace"])
      + "; ArgumentParser in RxTrace alone")
