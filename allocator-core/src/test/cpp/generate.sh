#!/usr/bin/env bash
# Builds occupancy_reference.cpp against NVIDIA's header-only occupancy calculator and writes
# its CSV (the ground truth OccupancyCalculatorTest compares with).
#
#   generate.sh            -> allocator-core/src/test/resources/occupancy/reference.csv
#   generate.sh OUT.csv    -> OUT.csv (used by the test that checks the committed CSV is current)
#
# Needs g++ and cuda_occupancy.h ($CUDA_HOME/include, default /usr/local/cuda/include); no GPU.
# The output is deterministic, so regenerating with the same header gives the same bytes.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../resources/occupancy/reference.csv}"
cuda_include="${CUDA_HOME:-/usr/local/cuda}/include"
cxx="${CXX:-g++}"

if [[ ! -f "$cuda_include/cuda_occupancy.h" ]]; then
  echo "generate.sh: $cuda_include/cuda_occupancy.h not found; set CUDA_HOME to a CUDA toolkit." >&2
  exit 1
fi

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT

"$cxx" -std=c++17 -O2 -Wall -Wextra -I"$cuda_include" \
  -o "$build/occupancy_reference" "$here/occupancy_reference.cpp"

mkdir -p "$(dirname "$out")"
LC_ALL=C "$build/occupancy_reference" > "$build/reference.csv"
mv "$build/reference.csv" "$out"
echo "generate.sh: wrote $(($(wc -l < "$out") - 1)) rows to $(cd "$(dirname "$out")" && pwd)/$(basename "$out")" >&2
