#!/usr/bin/env bash
# Compile every CUDA source in cuda/ to PTX for each target architecture:
#   cuda/<name>.cu  ->  ptx/<arch>/<name>.ptx
# Deterministic and idempotent: the same nvcc produces byte-identical PTX, files are
# written atomically and stale PTX (whose .cu was removed) is deleted.
#
# Usage: datasets/corpus/build.sh            (from anywhere)
# Env:   NVCC=/path/to/nvcc   ARCHS="sm_80 sm_90"   NVCC_EXTRA_FLAGS="..."
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src_dir="$here/cuda"
ptx_dir="$here/ptx"
NVCC="${NVCC:-nvcc}"
ARCHS="${ARCHS:-sm_80 sm_90}"
# shellcheck disable=SC2206
extra=( ${NVCC_EXTRA_FLAGS:-} )

if ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "build.sh: error: '$NVCC' not found on PATH." >&2
    echo "  Install the CUDA toolkit (the reference PTX was produced with CUDA 13.0)," >&2
    echo "  or set NVCC=/path/to/nvcc. The committed PTX under ptx/ can be used without CUDA." >&2
    exit 127
fi

export LC_ALL=C
shopt -s nullglob
sources=( "$src_dir"/*.cu )
if (( ${#sources[@]} == 0 )); then
    echo "build.sh: error: no .cu files in $src_dir" >&2
    exit 1
fi

echo "build.sh: $("$NVCC" --version | tail -n 2 | head -n 1)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for arch in $ARCHS; do
    mkdir -p "$ptx_dir/$arch"
    for cu in "${sources[@]}"; do
        name="$(basename "$cu" .cu)"
        out="$ptx_dir/$arch/$name.ptx"
        # Compile in a scratch directory so no intermediate files land in the tree.
        ( cd "$tmp" && "$NVCC" -ptx -arch="$arch" -O3 "${extra[@]}" "$cu" -o "$tmp/$name.ptx" )
        if [[ -f "$out" ]] && cmp -s "$tmp/$name.ptx" "$out"; then
            echo "  $arch/$name.ptx (unchanged)"
        else
            mv -f "$tmp/$name.ptx" "$out"
            echo "  $arch/$name.ptx"
        fi
    done
    # Remove PTX whose source no longer exists.
    for ptx in "$ptx_dir/$arch"/*.ptx; do
        name="$(basename "$ptx" .ptx)"
        if [[ ! -f "$src_dir/$name.cu" ]]; then
            echo "  removing stale $arch/$name.ptx"
            rm -f "$ptx"
        fi
    done
done
echo "build.sh: done (${#sources[@]} sources x $(wc -w <<<"$ARCHS") archs)"
