#!/usr/bin/env bash
# Records the register cap ptxas derives from __launch_bounds__(threads, minBlocks) for every
# architecture the installed nvcc supports, into
# allocator-core/src/test/resources/occupancy/launch_bounds_ptxas.csv (or the file given as $1):
#
#   arch,threads,min_blocks,registers,min_blocks_ignored
#
# min_blocks_ignored is true where ptxas warned that .minnctapersm "will be ignored" (bounds that
# cannot fit on one SM); OccupancyCalculator.maxRegistersForWarps rejects exactly those.
# Needs nvcc (CUDA 13.0 was used; it no longer targets sm_70, so sm_70 has no rows). No GPU.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../resources/occupancy/launch_bounds_ptxas.csv}"
nvcc="${CUDA_HOME:-/usr/local/cuda}/bin/nvcc"
archs=(sm_70 sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120)
threads=(32 64 96 100 128 160 192 256 320 384 512 640 768 1024)
blocks=(1 2 3 4 5 6 8 12 16 24 32)

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT

{
  cat "$here/launch_bounds.cu"
  for t in "${threads[@]}"; do
    for b in "${blocks[@]}"; do
      echo "template __global__ void heavy<$t, $b>(float*, const float*, int);"
    done
  done
} > "$build/launch_bounds.cu"

echo "arch,threads,min_blocks,registers,min_blocks_ignored" > "$build/rows.csv"
for arch in "${archs[@]}"; do
  if ! "$nvcc" -cubin -arch="$arch" -Xptxas -v -o "$build/$arch.cubin" "$build/launch_bounds.cu" \
      > "$build/$arch.log" 2>&1; then
    echo "generate_launch_bounds.sh: skipping $arch: $(head -1 "$build/$arch.log")" >&2
    continue
  fi
  # Entry names are _Z5heavyILi<T>ELi<B>EEvPfPKfi; warnings name the entry before it is compiled.
  awk -v arch="$arch" '
    function bounds(s) { sub(/.*_Z5heavyILi/, "", s); sub(/EEvPfPKfi.*/, "", s); sub(/ELi/, ",", s); return s }
    /will be ignored/ { ignored[bounds($0)] = 1 }
    /Compiling entry function/ { entry = bounds($0) }
    /Used [0-9]+ registers/ {
      for (i = 1; i <= NF; i++) if ($i == "Used") regs = $(i + 1)
      print arch "," entry "," regs "," ((entry in ignored) ? "true" : "false")
    }' "$build/$arch.log" | sort -t, -k2,2n -k3,3n >> "$build/rows.csv"
done

mkdir -p "$(dirname "$out")"
mv "$build/rows.csv" "$out"
echo "generate_launch_bounds.sh: wrote $(($(wc -l < "$out") - 1)) rows to $(cd "$(dirname "$out")" && pwd)/$(basename "$out")" >&2
