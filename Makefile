# rxtrace: the two set-up commands are `make demo` (the main job) and `make test` (the tests).
SWIFT ?= swift
TRAITS := --traits TraceResources

.PHONY: setup build test test-untraced demo check tsan bench clean html-check zero-cost-check bench-trace sample-app-check bench-scale

# System packages the build needs (libunwind for backtraces). Idempotent; needs root.
setup:
	@bash .ci/setup

build: setup
	$(SWIFT) build $(TRAITS)

# The project's tests, in the traced build (Resources.total is checked after every test).
test: setup
	$(SWIFT) build
	$(SWIFT) test $(TRAITS)
	@$(MAKE) --no-print-directory html-check
	@$(MAKE) --no-print-directory zero-cost-check
	@$(MAKE) --no-print-directory sample-app-check
	@echo "make test: every test suite and check passed"

# The HTML report in a real browser: headless Chromium renders the fixtures' sample report and
# the DOM it built is checked (summary table, one <details> per finding, nothing injected).
html-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/html-check.sh

# An RxSwift/RxCocoa app switched to rxtrace by its manifest alone (Examples/SampleApp): its
# tests pass, its scenarios pass `check`, and its dropped `drive` is reported at that line.
sample-app-check: setup
	@SWIFT=$(SWIFT) bash Tools/checks/sample-app-check.sh

# A release build without the trait contains no registry code and does not link libunwind.
zero-cost-check: setup
	SWIFT=$(SWIFT) bash Tools/checks/zero-cost-check.sh

# Tracing overhead (README "Tracing overhead"): untraced vs counts only vs backtraces, inside the
# main package (no OpenCombine, no separate build), plus the registry's bytes per live entry.
# `make bench` is the full suite; this is its quick tracing-only subset.
bench-trace: setup
	$(SWIFT) build -c release --scratch-path .build-zero-cost --product rxtrace-overhead
	$(SWIFT) build -c release $(TRAITS) --product rxtrace-overhead
	.build-zero-cost/release/rxtrace-overhead
	RXTRACE_CAPTURE=off .build/release/rxtrace-overhead
	RXTRACE_CAPTURE=on .build/release/rxtrace-overhead

# Analysis at scale (README "Analysis at scale"): 100,000 leaks from one call site, and 10,000
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

# Benchmarks (kept out of the main build): untraced, traced with counts only, traced with
# backtraces, and OpenCombine as an outside reference, all in one run. Prints a markdown table.
BENCH := Tools/Benchmarks
bench: setup
	cd $(BENCH) && RXCORE_CROSS_MODULE_OPTIMIZATION=1 $(SWIFT) build -c release --scratch-path .build-untraced --product rxbench
	cd $(BENCH) && RXCORE_CROSS_MODULE_OPTIMIZATION=1 $(SWIFT) build -c release --scratch-path .build-untraced --product combinebench
	cd $(BENCH) && RXCORE_CROSS_MODULE_OPTIMIZATION=1 RXBENCH_TRACED=1 $(SWIFT) build -c release --scratch-path .build-traced --product rxbench
	mkdir -p Reports/bench
	$(BENCH)/.build-untraced/release/rxbench > Reports/bench/untraced.jsonl
	RXBENCH_CONFIG=traced-counts RXTRACE_CAPTURE=off $(BENCH)/.build-traced/release/rxbench > Reports/bench/traced-counts.jsonl
	RXBENCH_CONFIG=traced-backtraces RXTRACE_CAPTURE=on $(BENCH)/.build-traced/release/rxbench > Reports/bench/traced-backtraces.jsonl
	RXBENCH_CONFIG=traced-counts-no-hops RXTRACE_CAPTURE=off RXTRACE_HOPS=off $(BENCH)/.build-traced/release/rxbench > Reports/bench/traced-counts-no-hops.jsonl
	$(BENCH)/.build-untraced/release/combinebench > Reports/bench/opencombine.jsonl
	python3 $(BENCH)/report.py Reports/bench/untraced.jsonl Reports/bench/traced-counts.jsonl Reports/bench/traced-backtraces.jsonl Reports/bench/opencombine.jsonl Reports/bench/traced-counts-no-hops.jsonl | tee Reports/bench/table.md
	$(BENCH)/.build-untraced/release/rxbench --allocations | tee Reports/bench/allocations.md
