#!/usr/bin/env bash
# Shows the streaming-read kernels' SASS load instructions and registers on a machine with nvcc but
# no GPU and no cuobjdump that reads its cubins. nvcc compiles gpu/cuda_probe.cu to PTX; Debian's
# CUDA 11.8 ptxas (package nvidia-cuda-toolkit, section non-free, unpacked into a temporary folder,
# not installed) assembles it for sm_90 and its cuobjdump disassembles it. The SASS is therefore
# 11.8's, a proxy for what the driver's or a newer ptxas makes of the same PTX; on a GPU machine
# scripts/gpu-check.sh reads the real binary instead.
# Usage: bash scripts/kernel-sass.sh [out-dir]    (about 1 minute; downloads 84 MB once)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$root/build/kernel-sass}
tools=${KVL_CUDA118_DIR:-$out/cuda-11.8}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
command -v nvcc >/dev/null || { echo "kernel-sass: nvcc not found" >&2; exit 1; }

if [ ! -x "$tools/usr/bin/cuobjdump" ]; then
    apt_dir=$(mktemp -d)
    trap 'rm -rf "$apt_dir"' EXIT
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
    printf 'deb http://deb.debian.org/debian bookworm non-free\n' >"$apt_dir/sources.list"
    apt_opts=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o "Dir::Etc::sourceparts=-"
              -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives"
              -o "APT::Sandbox::User=root")
    apt-get "${apt_opts[@]}" update -qq
    (cd "$apt_dir" && apt-get "${apt_opts[@]}" download -qq nvidia-cuda-toolkit)
    mkdir -p "$tools"
    dpkg-deb -x "$apt_dir"/nvidia-cuda-toolkit_*.deb "$tools"
fi

nvcc -std=c++17 --expt-relaxed-constexpr -O3 -arch=sm_90 -ptx -I"$root/gpu" \
    -o "$out/cuda_probe.ptx" "$root/gpu/cuda_probe.cu"
# 11.8 reads PTX ISA 7.8; the kernels use nothing newer.
sed -E 's/^\.version [0-9]+\.[0-9]+/.version 7.8/' "$out/cuda_probe.ptx" >"$out/cuda_probe-7.8.ptx"
"$tools/usr/bin/ptxas" -arch=sm_90 -O3 -v "$out/cuda_probe-7.8.ptx" -o "$out/cuda_probe.cubin" \
    2>"$out/ptxas.txt"
"$tools/usr/bin/cuobjdump" --dump-sass "$out/cuda_probe.cubin" >"$out/sass.txt"

echo "nvcc $(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p') PTX, ptxas 11.8 SASS for sm_90"
awk '/Compiling entry function/ { match($0, /LoadVariantE[0-9]ELb[01]|holdKernel|fillKernel/);
                                  name = substr($0, RSTART, RLENGTH) }
     /Used [0-9]+ registers/ { print "  " name ": " $0 }' "$out/ptxas.txt" \
    | sed -E 's/ptxas info *: //; s/Lb0/ once/; s/Lb1/ wrapped/;
              s/LoadVariantE0E/read plain/; s/LoadVariantE1E/read ldcs/;
              s/LoadVariantE2E/read ldcg/; s/LoadVariantE3E/read nc-no-allocate/' | sort
echo "128-bit global loads, both read kernels of each variant together:"
grep -oE 'LDG\.E[.A-Z0-9]*\.128[.A-Z0-9]*' "$out/sass.txt" | sort | uniq -c | sed 's/^/  /'
echo "SASS in $out/sass.txt"
