#!/usr/bin/env bash
# Builds the libFuzzer targets (-sanitize=fuzzer,address) and runs each for a bounded time from
# its seed corpus. A SwiftPM executable expects its own main, which libFuzzer provides, so the
# fuzzers are compiled here, outside `swift build`, together with the sources they test.
#
#   Fuzz/run.sh [seconds per target, default 60] [targets…: spec svg png jpeg pipeline image]
# Crashes are saved as .build/fuzz/<target>/crash-*; turn each into a regression test
# (Tests/WidgetModelTests/FuzzRegressions, Tests/WidgetRasterTests/Corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=${*:-spec svg png jpeg pipeline image}
OUT=.build/fuzz
mkdir -p "$OUT"
SAN="-sanitize=fuzzer,address"
MODEL_SOURCES=$(find Sources/WidgetModel -name '*.swift' | sort)

# Spec and SVG: swiftc over the WidgetModel sources plus the target's file (one module).
build() {
  local name=$1 fuzz=$2; shift 2
  echo "fuzz: building $name"
  swiftc $SAN -parse-as-library -O -g -module-name WidgetModel -package-name widgetctl -suppress-warnings "$@" "$fuzz" -o "$OUT/$name-fuzzer"
}

# Pipeline and image: the library modules (model, raster core, layout, compositor, tooling) built
# ONCE as one static library and module named WidgetModel (their imports of each other removed;
# `package` access kept with -package-name), instrumented for libFuzzer; the C shims compiled with
# coverage; each harness is its own module that imports it.
build_pipeline_library() {
  [ -n "${PIPELINE_BUILT:-}" ] && return
  local src="$OUT/pipeline-src" mods="$OUT/pipeline-modules"
  echo "fuzz: building the library modules for pipeline and image"
  rm -rf "$src" "$OUT/lib"; mkdir -p "$src" "$mods/CPNG" "$mods/CJPEG" "$mods/CPreviewRecords" "$mods/CKernels" "$OUT/lib"
  for f in $(find Sources/WidgetModel Sources/RasterCore Sources/WidgetLayout Sources/WidgetRaster Sources/WidgetTooling -name '*.swift' | sort); do
    sed -E '/^(@_exported )?import (WidgetModel|RasterCore|WidgetLayout|WidgetRaster|WidgetTooling)$/d' "$f" > "$src/$(echo "$f" | sed 's|Sources/||; s|/|_|g')"
  done
  for lib in CPNG CJPEG CPreviewRecords CKernels; do
    local lower; lower=$(tr 'A-Z' 'a-z' <<<"$lib")
    printf 'module %s {\n  header "%s/Sources/%s/include/%s.h"\n  export *\n}\n' "$lib" "$PWD" "$lib" "$lower" > "$mods/$lib/module.modulemap"
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address $(pkg-config --cflags libpng) -I "Sources/$lib/include" "Sources/$lib/$lower.c" -o "$OUT/lib/$lower.o"
  done
  swiftc $SAN -parse-as-library -O -g -module-name WidgetModel -package-name widgetctl -suppress-warnings \
    -I "$mods/CPNG" -I "$mods/CJPEG" -I "$mods/CPreviewRecords" -I "$mods/CKernels" -I Sources/CFreeType -I Sources/CHarfBuzz \
    $(pkg-config --cflags freetype2 harfbuzz | sed 's/-I/-Xcc -I/g') -emit-module -emit-module-path "$OUT/lib/WidgetModel.swiftmodule" -emit-library -static -o "$OUT/lib/libWidgetPipeline.a" "$src"/*.swift
  PIPELINE_BUILT=1
}

build_pipeline() {
  local name=$1 fuzz=$2 mods="$OUT/pipeline-modules"
  build_pipeline_library
  echo "fuzz: building $name"
  swiftc $SAN -parse-as-library -O -g -module-name "${name}Fuzz" -suppress-warnings -I "$OUT/lib" -I "$mods/CPNG" -I "$mods/CJPEG" -I "$mods/CPreviewRecords" -I "$mods/CKernels" \
    -I Sources/CFreeType -I Sources/CHarfBuzz $(pkg-config --cflags freetype2 harfbuzz | sed 's/-I/-Xcc -I/g') \
    "$fuzz" -L "$OUT/lib" -lWidgetPipeline "$OUT/lib/cpng.o" "$OUT/lib/cjpeg.o" "$OUT/lib/cpreviewrecords.o" "$OUT/lib/ckernels.o" -lpng16 -lz -ljpeg -lfreetype -lharfbuzz \
    -o "$OUT/$name-fuzzer" 2>&1 | grep -v 'Cannot export local symbol' || true
  [ -x "$OUT/$name-fuzzer" ] || { echo "fuzz: building $name failed"; exit 1; }
}

# PNG and JPEG: the C decode shims with a C harness (clang; ASan and UBSan).
build_c() {
  local name=$1 lib=$2; shift 2
  local lower; lower=$(tr 'A-Z' 'a-z' <<<"$lib")
  echo "fuzz: building $name"
  clang -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $(pkg-config --cflags libpng) -I "Sources/$lib/include" \
    "Sources/$lib/$lower.c" Fuzz/decode_fuzz.c "$@" -o "$OUT/$name-fuzzer"
}

for t in $TARGETS; do
  case $t in
    spec) build spec Fuzz/SpecFuzz.swift $MODEL_SOURCES ;;
    svg)  build svg Fuzz/SVGFuzz.swift $MODEL_SOURCES ;;
    png)  build_c png CPNG -lpng16 -lz ;;
    jpeg) build_c jpeg CJPEG -DFUZZ_JPEG -ljpeg ;;
    pipeline) build_pipeline pipeline Fuzz/PipelineFuzz.swift ;;
    image) build_pipeline image Fuzz/ImageFuzz.swift ;;
    *) echo "unknown fuzz target $t (spec svg png jpeg pipeline image)"; exit 2 ;;
  esac
done

status=0
for t in $TARGETS; do
  corpus="$OUT/$t/corpus"; mkdir -p "$corpus"
  cp -n Fuzz/seeds/$t/* "$corpus/" 2>/dev/null || true
  [ "$t" = image ] && { cp -n Fuzz/seeds/png/* Fuzz/seeds/jpeg/* "$corpus/" 2>/dev/null || true; }
  echo "fuzz: running $t for ${SECONDS_PER_TARGET}s (corpus $(ls "$corpus" | wc -l) files)"
  if ! (cd "$OUT/$t" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "../$t-fuzzer" corpus -max_total_time="$SECONDS_PER_TARGET" \
        -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 2> log.txt); then
    echo "fuzz: $t FAILED; see $OUT/$t/log.txt and $OUT/$t/crash-*"; status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs" "$OUT/$t/log.txt" | sed "s/^/fuzz: $t: /" || true
  echo "fuzz: $t corpus now $(ls "$corpus" | wc -l) files"
done
exit $status
