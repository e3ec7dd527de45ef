# The commands people repeat. `make test` is the test command CI runs (.ci/run).

SWIFT ?= swift

.PHONY: test test-browser screenshots demo demo-ci man check-man bench bench-ci bench-cli bench-shapes bench-ui fixtures \
  optimized-smoke

## Run every test: the Swift test targets, then the web inspector in headless Chromium. The
## CLI's tests run apart from the library's: they wait for rkdebug processes on the threads of
## Swift's cooperative pool, which on two cores the main actor's timed tests also need. The test
## that builds a generated package (GeneratedTestBuildTests) runs on its own, after the others:
## its minutes of compiling would starve the real-time waits of the tests beside it. So do the
## collector's tests (ServeCommandTests), twenty uploads at once among them: they run apart too.
## The CLI's suite hung in some runs, in a dependency (see scripts/rerun-if-hung.sh): a run
## past 8 minutes (it takes 2 to 4) is stopped and run again, three runs at most; a failure
## fails at once.
test:
	$(SWIFT) test --skip GeneratedTestBuildTests --skip RKDebugCLITests
	scripts/rerun-if-hung.sh 480 \
	  $(SWIFT) test --filter RKDebugCLITests --skip GeneratedTestBuildTests --skip ServeCommandTests
	$(SWIFT) test --filter ServeCommandTests
	$(SWIFT) test --filter GeneratedTestBuildTests
	$(MAKE) test-browser

## Drive `rkdebug ui` and an exported page in headless Chromium (Tests/Browser).
test-browser:
	$(SWIFT) build --product rkdebug
	python3 Tests/Browser/test_inspector.py

## Retake the inspector screenshots in docs/images from the browser tests.
screenshots:
	$(SWIFT) build --product rkdebug
	RKDEBUG_SCREENSHOTS=docs/images python3 Tests/Browser/test_inspector.py

## Record a sample session into ./rkdebug.sqlite and tour the commands on it.
demo:
	$(SWIFT) run rkdebug demo

## Run the demo in a temporary directory and check that it exits 0.
demo-ci:
	$(SWIFT) build --product rkdebug
	@dir=$$(mktemp -d) && bin="$$(pwd)/.build/debug/rkdebug" && \
	  (cd "$$dir" && "$$bin" demo >demo.log 2>&1); status=$$?; \
	  if [ $$status -ne 0 ]; then cat "$$dir/demo.log"; fi; \
	  rm -rf "$$dir"; \
	  if [ $$status -ne 0 ]; then echo "demo-ci: rkdebug demo exited $$status" >&2; exit 1; fi; \
	  echo "demo-ci: rkdebug demo exited 0"

## Regenerate man/rkdebug.1 from the command-line parser (swift-argument-parser's
## generate-manual plugin).
man:
	scripts/generate-man.sh man/rkdebug.1

## Check that man/rkdebug.1 is up to date and renders.
check-man:
	@tmp=$$(mktemp) && scripts/generate-man.sh "$$tmp" && \
	  if ! diff -u man/rkdebug.1 "$$tmp"; then \
	    rm -f "$$tmp"; echo "check-man: man/rkdebug.1 is stale; run 'make man'" >&2; exit 1; \
	  fi; rm -f "$$tmp"
	man -l man/rkdebug.1 >/dev/null
	@echo "check-man: man/rkdebug.1 is up to date and renders"

## Re-record the sample sessions Tests/ReducerKitSamplesTests replays (fixed seeds; see
## Tests/ReducerKitSamplesTests/Fixtures/README.md).
fixtures:
	scripts/record-fixtures.sh

## The full benchmarks (release build; see docs/performance.md).
bench:
	$(SWIFT) build -c release --product rkdebug
	$(SWIFT) run -c release rkbench

## Every whole-session rkdebug command on a 1,000,000-action Counter log against the sqlite3
## shell, with peak RSS against a log a hundredth the size (issue 18; needs sqlite3; see
## docs/performance.md). Not run by CI.
bench-cli:
	$(SWIFT) build -c release --product rkdebug
	python3 Benchmarks/cli/bench_cli.py --rkdebug .build/release/rkdebug

## The web inspector in headless Chromium on the 1,000,000-action Counter log (issue 19; needs
## chromium, chromedriver and python3-selenium; records /tmp/counter-1m-schema5.sqlite when missing;
## see docs/performance.md). Not run by CI.
BENCH_UI_DB ?= /tmp/counter-1m-schema5.sqlite
## Every command on counter, todos, app and library sessions, each a ratio to sqlite3's same work.
bench-shapes:
	$(SWIFT) build -c release --product rkdebug
	python3 Benchmarks/cli/bench_shapes.py --rkdebug .build/release/rkdebug

bench-ui:
	$(SWIFT) build -c release --product rkdebug
	python3 Benchmarks/ui/bench_ui.py --rkdebug .build/release/rkdebug --db $(BENCH_UI_DB)

## Check that the benchmarks build and run, at tiny sizes in the build `make test` made (a
## release build of swift-syntax alone takes about 20 minutes here). The figures come from
## `make bench`.
bench-ci:
	$(SWIFT) build --product rkdebug
	$(SWIFT) build --product rkbench
	@data=$$(mktemp -d) && \
	  .build/debug/rkbench --quick --data "$$data" --rkdebug "$$(pwd)/.build/debug/rkdebug" && \
	  python3 Benchmarks/cli/bench_shapes.py --rkdebug .build/debug/rkdebug --actions 200 \
	    --rounds 1 --data "$$data/shapes" >/dev/null; \
	  status=$$?; rm -rf "$$data"; exit $$status

## Users run release builds: the libraries an app links and the samples compiled optimized
## (RKDEBUG_OPTIMIZE=1, see Package.swift; the dependencies and the tests stay debug, so
## swift-syntax is not built in release), in a build folder of its own, then the effect and
## navigation tests against them, `rkdebug demo`, and a random recording and replay of every
## registered feature (scripts/optimized-smoke.sh). CI does not use it: it runs every stage
## with RKDEBUG_OPTIMIZE=1 in its one `.build`. OPTIMIZED_SCRATCH is the build folder;
## OPTIMIZED_ACTIONS is the random actions a feature.
OPTIMIZED_SCRATCH ?= .build-optimized
OPTIMIZED_ACTIONS ?= 2000
OPTIMIZED_TESTS ?= DismissEffectTests|PresentationReducerTests|StackReducerTests|EffectTests
optimized-smoke:
	RKDEBUG_OPTIMIZE=1 $(SWIFT) build --scratch-path $(OPTIMIZED_SCRATCH) --build-tests
	RKDEBUG_OPTIMIZE=1 $(SWIFT) test --scratch-path $(OPTIMIZED_SCRATCH) --skip-build \
	  --filter '$(OPTIMIZED_TESTS)'
	scripts/optimized-smoke.sh $(OPTIMIZED_SCRATCH)/debug/rkdebug $(OPTIMIZED_ACTIONS)
