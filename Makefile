# widgetctl: the two commands a fresh machine needs are `make render` and `make test`.
# Both install the Debian packages they need first (only the missing ones).

SWIFT ?= swift
APT_BUILD := pkg-config zlib1g-dev libpng-dev libjpeg-dev libfreetype-dev libharfbuzz-dev \
              fonts-inter fonts-dejavu-core fonts-dejavu-extra fonts-materialdesignicons-webfont
# Only the tests need these: chromium for the browser test of the HTML gallery and verify report,
# python3-jsonschema to validate the Samples against `widgetctl schema`.
APT_TEST := chromium python3-jsonschema
APT_PACKAGES := $(APT_BUILD) $(APT_TEST)
PREFIX ?= /usr/local
RENDER_DIR ?= renders
BENCH_RUNS ?= 15

# Release builds link the Swift runtime and Foundation statically: a process starts in about a
# third of the time (no dynamic symbol binding of the runtime), and the installed binary needs
# only the Debian libraries (libpng, libjpeg, FreeType, HarfBuzz), not the Swift toolchain.
# Every release build uses the same flags, so they share one build folder. The static Foundation
# archive carries glibc's link-time notice about mktemp (its own temporary-file code, not ours);
# `release-build` drops that one line and keeps the build's exit status.
# Concrete generic types are reached through their metadata accessors instead of mangled-name
# lookups: a lookup demangles the name and, for a Dictionary or Set, searches the binary's
# protocol conformances at first use — 12% of a one-variant render, 5% with the accessors.
SHELL := /bin/bash
RELEASE := -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
define release-build
	set -o pipefail; $(SWIFT) build $(RELEASE) --product $(1) 2>&1 | sed '/the use of .mktemp. is dangerous/d'
endef

.PHONY: deps deps-build apt-install build test render install bench bench-scale fuzz fuzz-smoke test-sanitize format format-check clean

# Installs what is missing, with `apt-get update` first; silent when everything is there.
# `deps` is everything (the tests need it all); `deps-build` only what building and rendering need.
deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES)"
deps-build:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_BUILD)"
apt-install:
	@missing=""; \
	for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  if [ "$$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then SUDO=sudo; else SUDO=; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps-build
	$(SWIFT) build

# The package's tests, then the example package in Samples/SwiftWidget (a SwiftUI-syntax widget
# that depends on this one by path): its snapshot tests, its render executable, and the command
# plugin's check, whose SARIF must point at the widget's Swift lines.
test: deps
	$(SWIFT) test
	$(SWIFT) run -q widgetctl schema > .build/widget.schema.json
	python3 Scripts/validate-specs.py .build/widget.schema.json Samples/*.widget.json --invalid Scripts/schema-invalid/*.json
	cd Samples/SwiftWidget && $(SWIFT) test
	cd Samples/SwiftWidget && $(SWIFT) run render-weather --out .build/renders --quiet
	@echo "Samples/SwiftWidget: rendered to Samples/SwiftWidget/.build/renders/WeatherWidget"
	cd Samples/SwiftWidget && $(SWIFT) package --allow-writing-to-package-directory widgetctl check --target CheckFixtures \
	  --wallpaper busy --format sarif --output .build/check.sarif
	python3 Samples/SwiftWidget/Scripts/check-plugin.py Samples/SwiftWidget/.build/check.sarif

# Renders every Sample in every appearance and prints where the contact sheets are.
render: deps-build
	$(call release-build,widgetctl)
	.build/release/widgetctl render Samples/*.widget.json --out $(RENDER_DIR) --appearances all
	.build/release/widgetctl demo --out $(RENDER_DIR)/demo --quiet

# The release binary into $(PREFIX)/bin (default /usr/local/bin; `make install PREFIX=~/.local`).
install: deps-build
	$(call release-build,widgetctl)
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/widgetctl $(DESTDIR)$(PREFIX)/bin/widgetctl
	@echo "installed $(DESTDIR)$(PREFIX)/bin/widgetctl"

# Release build; prints medians with min/max. If skia-python happens to be installed, the same
# 1,000 paths are also drawn with Skia for comparison (it is never a dependency).
bench: deps-build
	$(call release-build,widgetbench)
	$(call release-build,widgetctl)
	.build/release/widgetbench $(BENCH_RUNS)
	@.build/release/widgetbench 0 dump-rects .build/bench-rects.json >/dev/null && \
	  python3 Benchmarks/skia_compare.py .build/bench-rects.json $(BENCH_RUNS) 2>/dev/null || true

# The 10,080-variant run in one process (peak memory, cost per megapixel at scale; ~2 minutes).
bench-scale: deps-build
	$(call release-build,widgetbench)
	$(call release-build,widgetctl)
	.build/release/widgetbench 3 scale

# libFuzzer targets (spec decoding, SVG path data, PNG and JPEG decoding), built with
# swiftc -sanitize=fuzzer,address outside SwiftPM, each run FUZZ_SECONDS from Fuzz/seeds.
FUZZ_SECONDS ?= 60
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Every fuzz target for 10 seconds: what CI runs, so a crash on the seeds or nearby cannot land.
fuzz-smoke: deps
	Fuzz/run.sh 10

# The test suite under AddressSanitizer (own build folder), Swift and C alike. Swift on Linux has
# no -sanitize=undefined (Swift traps on overflow and out-of-bounds by itself); the C shims get
# UndefinedBehaviorSanitizer in the PNG/JPEG fuzzers (make fuzz). Leak detection is off: what
# LeakSanitizer reports here is all in Foundation, XCTest and the Swift runtime
# (Data(contentsOf:), weak references, Process, test cases XCTest keeps alive).
test-sanitize: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build/asan

# swift format (it ships with the toolchain), configured by .swift-format. `make format` rewrites
# the sources; `make format-check` (run by CI) fails on anything the formatter would change.
FORMAT_PATHS := Sources Tests Benchmarks Fuzz Samples/SwiftWidget/Sources Samples/SwiftWidget/Tests Plugins \
                Package.swift Samples/SwiftWidget/Package.swift
format:
	$(SWIFT) format format --in-place --recursive $(FORMAT_PATHS)

format-check:
	@$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS) || \
	  { echo "make format-check: unformatted code (run 'make format')"; exit 1; }
	@echo "make format-check: formatted"

clean:
	rm -rf .build $(RENDER_DIR)
