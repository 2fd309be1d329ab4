# rxtrace: the two set-up commands are `make demo` (the main job) and `make test` (the tests).
SWIFT ?= swift
TRAITS := --traits TraceResources
# Every import must be a declared dependency: the compiler then holds RxTrace's layers.
IMPORTS_CHECKED := --explicit-target-dependency-import-check error

.PHONY: layers-check setup build test test-untraced demo check tsan bench clean html-check zero-cost-check bench-trace sample-app-check test-suite-check test-outcomes-check test-suite-dependency-check product-wiring-check cocoa-release-check catalogue-lines-check bench-scale alloc-check bench-heapgraph aarch64-check free-interposer-check format-check docs fix-test fix-isolation-check fix-cli-check fix-proof-check fix-sample-check semantics-check fuzz-semantics stress sanitize load-check

# System packages the build needs (libunwind for backtraces). Idempotent; needs root.
setup:
	@bash .ci/setup

build: setup
	$(SWIFT) build $(TRAITS)

# The project's tests, in the traced build (Resources.total is checked after every test).
test: setup
	python3 Tools/codegen/arity.py --check
	python3 Tools/codegen/scale_sites.py --check
	@$(MAKE) --no-print-directory format-check
	$(SWIFT) build $(IMPORTS_CHECKED)
	@ZERO_COST_BIN=$$($(SWIFT) build --show-bin-path) SWIFT=$(SWIFT) bash Tools/checks/zero-cost-check.sh
	$(SWIFT) test $(TRAITS) $(IMPORTS_CHECKED)
	@$(MAKE) --no-print-directory semantics-check
	@$(MAKE) --no-print-directory layers-check
	@$(MAKE) --no-print-directory docs
	@$(MAKE) --no-print-directory html-check
	@$(MAKE) --no-print-directory alloc-check
	@$(MAKE) --no-print-directory sample-app-check
	@$(MAKE) --no-print-directory test-suite-check
	@$(MAKE) --no-print-directory test-outcomes-check
	@$(MAKE) --no-print-directory test-suite-dependency-check
	@$(MAKE) --no-print-directory product-wiring-check
	@$(MAKE) --no-print-directory cocoa-release-check
	@$(MAKE) --no-print-directory catalogue-lines-check
	@$(MAKE) --no-print-directory aarch64-check
	@$(MAKE) --no-print-directory free-interposer-check
	@$(MAKE) --no-print-directory fix-test
	@$(MAKE) --no-print-directory fix-cli-check
	@$(MAKE) --no-print-directory fix-isolation-check
	@$(MAKE) --no-print-directory stress
	@echo "make test: every test suite and check passed"

# RxCore against the reference model of Rx semantics (docs/semantics.md): a fixed set of random
# programs (8 seeds x 1,500), each run on RxCore's TestScheduler and on the model, their events,
# source subscriptions and live resources compared. A divergence prints the seed and index, the
# operator chain and the shrunk marbles, and fails. The traced debug build `make test` builds.
# A self-test runs first: a `take(n)` that completes without disposing its upstream (built with
# Observable.create, in place of RxCore's) must be caught and named, or a clean run proves little.
SEMANTICS_SEEDS := 1,2,3,4,5,6,7,8
semantics-check: setup
	$(SWIFT) build $(TRAITS) $(IMPORTS_CHECKED) --product rxcore-semantics
	RXTRACE_CAPTURE=off .build/debug/rxcore-semantics --self-test
	RXTRACE_CAPTURE=off .build/debug/rxcore-semantics --seeds $(SEMANTICS_SEEDS) --programs 1500

# The long run: FUZZ_PROGRAMS (default 1,000,000) random programs on two processes, release.
fuzz-semantics: setup
	@SWIFT=$(SWIFT) bash Tools/checks/fuzz-semantics.sh

# RxTrace's layers: report <- analysis <- runner <- CLI in the manifest, and a target that lists
# only RxTraceTesting builds without compiling ArgumentParser.
layers-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/layers-check.sh

# The HTML report in a real browser: headless Chromium renders the fixtures' sample report and
# the DOM it built is checked (summary table, one <details> per finding, nothing injected).
html-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/html-check.sh

# An RxSwift/RxCocoa app switched to rxtrace by its manifest alone (Examples/SampleApp): its
# tests pass, its scenarios pass `check`, and its dropped `drive` is reported at that line.
sample-app-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/sample-app-check.sh

# `rxtrace test` as a user runs it on an unchanged test suite (Tests/Fixtures/LeakyTestSuite and
# Examples/SampleApp): exactly the leaking tests fail, at their lines, in every format; a crash is
# reported and the other tests still are; bad input exits 2; the command plugin agrees.
test-suite-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/test-suite-check.sh

# `rxtrace test` in place of `swift test` (Tests/Fixtures/OutcomesSuite): every test's outcome
# (passed, failed, skipped, known issue; each parameterized case) and every issue's file:line as
# `swift test` prints them, exactly the leaking tests, exit 1 with the status line, the plugin too;
# the package's tracked and ignored files unchanged by a run and by one interrupted in its build.
test-outcomes-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/test-outcomes-check.sh

# Each RxSwift-named product alone brings the RxSwift module, as RxSwift's package does.
product-wiring-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/product-wiring-check.sh

# The same from outside this repository, as users get it: packages in a subfolder of another
# repository depending on a tagged clone by version and through a mirror of RxSwift's URL, with
# `swift package rxtrace test` and with the CLI built from the clone (about 5 minutes).
test-suite-dependency-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/test-suite-dependency-check.sh

# rxtrace-fix's own package (Tools/rxtrace-fix, docs/fixes.md): the rewriter's tests on the syntax
# tree, each fix class and each reason for no patch. Its first build compiles swift-syntax.
fix-test: setup
	$(SWIFT) test --package-path Tools/rxtrace-fix

# swift-syntax stays the fixer's: a package that depends on rxtrace for RxSwift resolves, checks out
# and builds the same with and without Tools/rxtrace-fix (a tagged clone of each).
fix-isolation-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/fix-isolation-check.sh

# `rxtrace test --fix` as a user types it, on a copy of Tests/Fixtures/FixProofSuite: verified
# patches, two findings not verified with their reasons, the verdicts in every report format,
# rxtrace.patch applied makes `rxtrace test` exit 0 (docs/fixes.md). Reuses the fixer fix-test built;
# two first builds of the small fixture (the run, the proofs' copy): about 2 min CPU.
fix-cli-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/fix-cli-check.sh

# rxtrace-fix end to end on copies of Tests/Fixtures/LeakyTestSuite and FixProofSuite: which
# findings are verified and why the others are not, rxtrace.patch through `git apply` then
# `rxtrace test` exit 0 on the fixed tests, --apply. About 20 minutes: not in `make test`.
fix-proof-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/fix-proof-check.sh

# `rxtrace test --fix` on a copy of Examples/SampleApp: its dropped `drive` gets a verified patch,
# and with rxtrace.patch applied the whole suite passes rxtrace test. Two first traced builds of
# the app: minutes on 2 cores, so not in `make test` (docs/fixes.md).
fix-sample-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/fix-sample-check.sh

# RxCocoa code in a traced release build (swift test is debug only): `drive` off the main thread
# is a thread anomaly at its line (debug stops there instead: a swift test), and dropped
# drive/emit subscriptions are named by the APIs called although release inlines RxCocoa.
cocoa-release-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/cocoa-release-check.sh

# Every finding of the built-in catalogue has a source line in a traced release build (make demo's
# build, where shared code leaves some call sites at line 0): leaks, cycles, objects, anomalies.
catalogue-lines-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/catalogue-lines-check.sh

# The C targets compile for arm64 Linux (and x86_64): every Sources/*/*.c and *.h through the
# toolchain's clang, --target=aarch64-linux-gnu -fsyntax-only, against cross headers. Swift for
# arm64 cannot be built on this machine; this checks the architecture-specific C code.
aarch64-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/aarch64-check.sh

# No executable or test binary of the traced build defines `free` (the heap graph redirects the
# loaded images' `free` imports when its first recording starts, never at link time), and the
# heap graph still finds strong-self-cycle's cycle.
free-interposer-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/free-interposer-check.sh

# The DocC catalogs, built by the toolchain's own docc (no plugin, so no dependency for users):
# RxCore's with its symbol graph (a traced debug build of RxCore alone, in its own scratch
# folder), RxTrace's articles alone. Any DocC warning fails. Archives in .build/docs/. First
# Tools/checks/docs-check.sh: the README at most 300 lines, every relative link in the docs resolves.
DOCC ?= docc
DOCS := .build/docs
docs: setup
	@bash Tools/checks/docs-check.sh
	$(SWIFT) build $(TRAITS) --target RxCore --scratch-path $(DOCS)/build -Xswiftc -emit-symbol-graph \
	  -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS)/symbol-graphs
	$(DOCC) convert Sources/RxCore/RxCore.docc --additional-symbol-graph-dir $(DOCS)/symbol-graphs \
	  --fallback-display-name RxCore --fallback-bundle-identifier org.rxtrace.RxCore \
	  --warnings-as-errors --output-path $(DOCS)/RxCore.doccarchive
	$(DOCC) convert Sources/RxTrace/RxTrace.docc \
	  --fallback-display-name rxtrace --fallback-bundle-identifier org.rxtrace.RxTrace \
	  --warnings-as-errors --output-path $(DOCS)/RxTrace.doccarchive
	@echo "docs: $(DOCS)/RxCore.doccarchive and $(DOCS)/RxTrace.doccarchive, no DocC warning"

# Swift formatting against .swift-format (120 columns, 4 spaces, close to swift-nio's rules):
# `swift format lint --strict` over every tracked Swift file but the generated ones
# (linguist-generated in .gitattributes; their generators own their layout). No build needed.
format-check:
	@git ls-files '*.swift' | git check-attr --stdin linguist-generated \
	  | awk -F': ' '$$3 != "true" { print $$1 }' | xargs $(SWIFT) format lint --strict --parallel
	@echo "format-check: every Swift file is formatted"

# A release build without the trait contains no registry code and does not link libunwind.
zero-cost-check: setup
	SWIFT=$(SWIFT) bash Tools/checks/zero-cost-check.sh

# Allocations per operation of every benchmark workload and operator against the committed
# thresholds in Tools/Benchmarks/allocation-thresholds.txt, and generic-metadata look-ups and
# exclusivity checks per operation against Tools/Benchmarks/runtime-call-thresholds.txt (release,
# as a versioned dependency builds RxCore). A change that adds an object per subscription, or a
# metadata look-up per element, fails here; timings never do.
alloc-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/alloc-check.sh

# Tracing overhead: untraced vs counts only vs backtraces, inside the
# main package (no OpenCombine, no separate build), plus the registry's bytes per live entry.
# `make bench` is the full suite; this is its quick tracing-only subset.
bench-trace: setup
	$(SWIFT) build -c release --scratch-path .build-zero-cost --product rxtrace-overhead
	$(SWIFT) build -c release $(TRAITS) --product rxtrace-overhead
	.build-zero-cost/release/rxtrace-overhead
	RXTRACE_CAPTURE=off .build/release/rxtrace-overhead
	RXTRACE_CAPTURE=on .build/release/rxtrace-overhead

# Heap graph costs: allocation hook per object, graph build and
# cycle search with 100,000 live leaked resources, peak memory; release, traced.
bench-heapgraph: setup
	$(SWIFT) build -c release $(TRAITS) --product rxtrace-heapgraph-bench
	.build/release/rxtrace-heapgraph-bench

# Analysis at scale: 100,000 leaks from one call site, and 10,000
# from 1,000 generated call sites (Tools/rxtrace-scale), each case in its own process, debug and
# release: CPU seconds of the analysis and of every report format, and peak memory.
bench-scale: setup
	$(SWIFT) build $(TRAITS) --product rxtrace-scale
	$(SWIFT) build -c release $(TRAITS) --product rxtrace-scale
	.build/debug/rxtrace-scale one
	.build/debug/rxtrace-scale many
	.build/release/rxtrace-scale one
	.build/release/rxtrace-scale many

# ThreadSanitizer over the tests that use real threads: subjects, schedulers, serial-scheduler
# dispose, the synchronization detector, observe(on:)/subscribe(on:) and blocking (the filter
# matches class and method names). Any report fails the run (halt_on_error). A separate
# scratch path keeps the sanitized build from evicting the normal one.
TSAN_FILTER := Concurrency|Scheduler|Subject|ObserveOn|SubscribeOn|Blocking|ResourceRegistryStressTests|ThreadAnomalyRecording|ThreadHopRecording
tsan: setup
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test $(TRAITS) --sanitize=thread --scratch-path .build-tsan --filter '$(TSAN_FILTER)'

# Random Rx programs over real schedulers against the observable contract (Tools/rxtrace-stress):
# no overlapping calls into an observer, nothing after a terminal event, at most one terminal
# event, every `create` subscription disposed exactly once however many threads dispose, and
# Resources.total back to its start once a chain is gone. A self-test with deliberately broken
# stages runs first. Seeded and time-boxed: STRESS_SECONDS (30), STRESS_SEED (random); a breach
# prints the seed and the program, and exits 1.
STRESS_SECONDS ?= 30
STRESS_ARGUMENTS = --seconds $(STRESS_SECONDS) $(if $(STRESS_SEED),--seed $(STRESS_SEED))
stress: setup
	$(SWIFT) build $(TRAITS) $(IMPORTS_CHECKED) --product rxtrace-stress
	.build/debug/rxtrace-stress --self-test $(STRESS_ARGUMENTS)

# The project's tests, the stress programs and the sample app's tests under ThreadSanitizer, then
# AddressSanitizer (Tools/checks/sanitize.sh; scratch folders .build-tsan and .build-asan; about
# 30 minutes cold on this 2-core machine, figures in docs/robustness.md). A report in any process,
# child processes included, fails the run and is printed. The stress programs run without their
# self-test (its broken stages race on purpose). detect_leaks=0: tests leak on purpose (what
# rxtrace must find). Skipped, SANITIZE_SKIP: the tests that need the heap graph, which cannot
# work under a sanitizer's allocator (it says so and reports no cycles or retention paths), and
# the two that read a crashed child's stack from Swift's backtracer, which sanitize.sh turns off
# (it aborts ThreadSanitizer's runtime). Races in RxCore not yet fixed would be suppressed by
# Tools/checks/tsan-known-races.txt, one line each (none now).
SANITIZE_SKIP := HeapGraphTests|LongLivedLoopTests|RetainAdapterGuardTests|FreeRedirectionTests|CycleFixTests|FindingLinesTests/testA.*Cycle|SharedSequenceReportTests/testABaggedDrive|CatalogVerdictTests/testEveryBuiltInScenario|CatalogVerdictTests/testLeakyScenariosNameTheirCallSiteAndReason|ReferenceCycleTests|DriveOffMainThreadTests/testDriveOffTheMainThreadStopsADebugBuild|HangReportTests/testACrashReportsTheLineItCrashedAt
sanitize: setup
	@SWIFT=$(SWIFT) SANITIZE_SKIP='$(SANITIZE_SKIP)' STRESS_SECONDS=$(STRESS_SECONDS) STRESS_SEED=$(STRESS_SEED) \
	  bash Tools/checks/sanitize.sh

# `rxtrace test --jobs 2` on a generated 10,000-test suite (made in a scratch folder at check
# time): every test in the report, the 5 leaking ones found, a test process SIGKILLed from
# outside reported as crashed and the rest still checked; prints peak RSS of rxtrace and of each
# test process (docs/robustness.md). About 15 minutes; not part of `make test`.
load-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/load-check.sh

# The CI leak gate over the built-in catalogue: exit code 0 clean, 1 findings, 2 bad usage or
# input, 3 a scenario crashed or timed out. Optional: SUPPRESSIONS=file BASELINE=file
# UPDATE_BASELINE=1 SHARD=i/n.
check: setup
	$(SWIFT) run $(TRAITS) rxtrace check --output Reports \
		$(if $(SUPPRESSIONS),--suppressions $(SUPPRESSIONS)) $(if $(BASELINE),--baseline $(BASELINE)) \
		$(if $(UPDATE_BASELINE),--update-baseline) $(if $(SHARD),--shard $(SHARD))

# The main job: every built-in scenario, reports written to Reports/. Exits 0 when every
# verdict is the one its scenario declares (the leaky variants are expected leaks).
demo: setup
	RXCORE_CROSS_MODULE_OPTIMIZATION=1 $(SWIFT) run -c release $(TRAITS) rxtrace run --all --output Reports

clean:
	rm -rf .build .build-zero-cost Reports/*.json Reports/*.html Reports/*.txt Reports/*.xml Reports/*.sarif

# Benchmarks (kept out of the main build), docs/performance.md. Callgrind instructions and
# allocations per operation of every workload, whole process (every thread), in two configurations:
# the dependency one (a consumer package depending on a tagged clone of the working tree by version,
# untraced and with the TraceResources trait: what users get) and the path one with
# RXCORE_CROSS_MODULE_OPTIMIZATION=1 (this repository's own builds); traced runs with counts only
# (RXTRACE_CAPTURE=off), with backtraces (on), and with counts but hop recording off
# (RXTRACE_HOPS=off); OpenCombine as the outside reference, and RxSwift built from the checkout at
# RXBENCH_RXSWIFT=path when given (else RxSwift's stored figures, said so). Writes the tables into
# docs/performance.md between its `make bench` markers and prints them (Reports/bench/table.md).
# About 8 minutes on this 2-core machine (the dependency builds compile RxCore every run: each
# run's clone is a new URL), about 12 cold.
BENCH := Tools/Benchmarks
BENCH_DEPENDENCY := $(BENCH)/.build-dependency
bench: setup
	cd $(BENCH) && RXCORE_CROSS_MODULE_OPTIMIZATION=1 $(SWIFT) build -c release --scratch-path .build-untraced --product rxbench
	cd $(BENCH) && RXCORE_CROSS_MODULE_OPTIMIZATION=1 $(SWIFT) build -c release --scratch-path .build-untraced --product combinebench
	cd $(BENCH) && RXCORE_CROSS_MODULE_OPTIMIZATION=1 RXBENCH_TRACED=1 $(SWIFT) build -c release --scratch-path .build-traced --product rxbench
	url="$$(bash $(BENCH)/dependency-clone.sh $(BENCH_DEPENDENCY))" && cd $(BENCH_DEPENDENCY)/consumer && \
	  env -u RXCORE_CROSS_MODULE_OPTIMIZATION RXBENCH_RXTRACE_URL="$$url" $(SWIFT) build -c release --scratch-path ../../.build-dependency-untraced --product rxbench && \
	  env -u RXCORE_CROSS_MODULE_OPTIMIZATION RXBENCH_RXTRACE_URL="$$url" RXBENCH_TRACED=1 $(SWIFT) build -c release --scratch-path ../../.build-dependency-traced --product rxbench && \
	  for build in untraced traced; do \
	    built="$$(git -C ../../.build-dependency-$$build/checkouts/rxtrace describe --tags)"; \
	    [ "$$built" = "$$(basename "$$(dirname "$$url")")" ] || { echo "make bench: the $$build dependency build resolved rxtrace $$built, not this run's tag" >&2; exit 1; }; \
	  done
	mkdir -p Reports/bench
	RXBENCH_CONFIG=dependency-untraced bash $(BENCH)/callgrind.sh $(BENCH)/.build-dependency-untraced/release/rxbench Reports/bench/dependency-untraced.jsonl
	RXBENCH_CONFIG=dependency-counts RXTRACE_CAPTURE=off bash $(BENCH)/callgrind.sh $(BENCH)/.build-dependency-traced/release/rxbench Reports/bench/dependency-counts.jsonl
	RXBENCH_CONFIG=dependency-backtraces RXTRACE_CAPTURE=on bash $(BENCH)/callgrind.sh $(BENCH)/.build-dependency-traced/release/rxbench Reports/bench/dependency-backtraces.jsonl
	RXBENCH_CONFIG=dependency-counts-no-hops RXTRACE_CAPTURE=off RXTRACE_HOPS=off bash $(BENCH)/callgrind.sh $(BENCH)/.build-dependency-traced/release/rxbench Reports/bench/dependency-counts-no-hops.jsonl
	RXBENCH_CONFIG=untraced bash $(BENCH)/callgrind.sh $(BENCH)/.build-untraced/release/rxbench Reports/bench/untraced.jsonl
	RXBENCH_CONFIG=traced-counts RXTRACE_CAPTURE=off bash $(BENCH)/callgrind.sh $(BENCH)/.build-traced/release/rxbench Reports/bench/traced-counts.jsonl
	RXBENCH_CONFIG=traced-backtraces RXTRACE_CAPTURE=on bash $(BENCH)/callgrind.sh $(BENCH)/.build-traced/release/rxbench Reports/bench/traced-backtraces.jsonl
	bash $(BENCH)/callgrind.sh $(BENCH)/.build-untraced/release/combinebench Reports/bench/opencombine.jsonl
	rm -f Reports/bench/rxswift.jsonl
	if [ -n "$(RXBENCH_RXSWIFT)" ]; then \
	  cd $(BENCH) && env -u RXCORE_CROSS_MODULE_OPTIMIZATION RXBENCH_AGAINST_RXSWIFT="$$(cd "$(RXBENCH_RXSWIFT)" && pwd)" $(SWIFT) build -c release --scratch-path .build-rxswift --product rxbench && \
	  cd ../.. && RXBENCH_CONFIG=rxswift bash $(BENCH)/callgrind.sh $(BENCH)/.build-rxswift/release/rxbench Reports/bench/rxswift.jsonl; fi
	$(BENCH)/.build-dependency-untraced/release/rxbench --allocations > Reports/bench/allocations.md
	cd Reports/bench && python3 ../../$(BENCH)/report.py --doc ../../docs/performance.md --allocations allocations.md $$([ -f rxswift.jsonl ] && echo rxswift=rxswift.jsonl) dependency-untraced=dependency-untraced.jsonl dependency-counts=dependency-counts.jsonl \
	  dependency-backtraces=dependency-backtraces.jsonl dependency-counts-no-hops=dependency-counts-no-hops.jsonl untraced=untraced.jsonl traced-counts=traced-counts.jsonl \
	  traced-backtraces=traced-backtraces.jsonl opencombine=opencombine.jsonl | tee table.md
