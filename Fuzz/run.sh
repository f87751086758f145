#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc (-sanitize=fuzzer,address) and runs each for a bounded
# time from its seed corpus. A SwiftPM executable expects its own main, which libFuzzer provides,
# so the fuzzers are compiled here, outside `swift build`, together with the sources they test.
#
#   Fuzz/run.sh [seconds per target, default 60] [targets…: spec svg png jpeg]
# Crashes are saved as .build/fuzz/<target>/crash-*; turn each into a test under Tests/Corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
shift || true
TARGETS=${*:-spec svg png jpeg}
OUT=.build/fuzz
mkdir -p "$OUT"
SAN="-sanitize=fuzzer,address"
MODEL_SOURCES=$(find Sources/WidgetModel -name '*.swift' | sort)

# The C shims, compiled with the same instrumentation, and module maps for Swift to import them.
build_c() {
  for lib in CPNG CJPEG; do
    mkdir -p "$OUT/include/$lib"
    lower=$(tr 'A-Z' 'a-z' <<<"$lib")
    cp "Sources/$lib/include/$lower.h" "$OUT/include/$lib/"
    printf 'module %s { header "%s.h" export * }\n' "$lib" "$lower" > "$OUT/include/$lib/module.modulemap"
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address $(pkg-config --cflags libpng) \
      -I "Sources/$lib/include" "Sources/$lib/$lower.c" -o "$OUT/$lower.o"
  done
}

build() {
  local name=$1 fuzz=$2; shift 2
  echo "fuzz: building $name"
  swiftc $SAN -parse-as-library -O -g -module-name WidgetModel -suppress-warnings \
    -I "$OUT/include/CPNG" -I "$OUT/include/CJPEG" "$@" "$fuzz" -o "$OUT/$name-fuzzer"
}

needs_c=false
for t in $TARGETS; do [[ $t == png || $t == jpeg ]] && needs_c=true; done
$needs_c && build_c
CODEC_SOURCES="Sources/WidgetRaster/Codec/PNGCodec.swift Sources/WidgetRaster/Codec/JPEGCodec.swift \
  Sources/WidgetRaster/Codec/CodecError.swift Sources/WidgetRaster/Codec/FastPNGEncoder.swift \
  Sources/WidgetRaster/Codec/Deflate.swift $(find Sources/WidgetRaster/Pixmap -name '*.swift' | sort)"

for t in $TARGETS; do
  case $t in
    spec) build spec Fuzz/SpecFuzz.swift $MODEL_SOURCES ;;
    svg)  build svg Fuzz/SVGFuzz.swift $MODEL_SOURCES ;;
    png)  build png Fuzz/PNGFuzz.swift $MODEL_SOURCES $CODEC_SOURCES "$OUT/cpng.o" -lpng16 -lz ;;
    jpeg) build jpeg Fuzz/JPEGFuzz.swift $MODEL_SOURCES $CODEC_SOURCES "$OUT/cpng.o" "$OUT/cjpeg.o" -lpng16 -lz -ljpeg ;;
    *) echo "unknown fuzz target $t (spec svg png jpeg)"; exit 2 ;;
  esac
done

status=0
for t in $TARGETS; do
  corpus="$OUT/$t/corpus"; mkdir -p "$corpus"
  cp -n Fuzz/seeds/$t/* "$corpus/" 2>/dev/null || true
  echo "fuzz: running $t for ${SECONDS_PER_TARGET}s (corpus $(ls "$corpus" | wc -l) files)"
  if ! (cd "$OUT/$t" && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "../$t-fuzzer" corpus -max_total_time="$SECONDS_PER_TARGET" \
        -rss_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 2> log.txt); then
    echo "fuzz: $t FAILED; see $OUT/$t/log.txt and $OUT/$t/crash-*"; status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs" "$OUT/$t/log.txt" | sed "s/^/fuzz: $t: /" || true
  echo "fuzz: $t corpus now $(ls "$corpus" | wc -l) files"
done
exit $status
