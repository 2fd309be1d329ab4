#!/usr/bin/env bash
# Compiles every C file and C header of the package's C targets (Sources/*/*.c, *.h: the heap
# graph's allocation table, the tracing thread-locals, the libunwind shim) for aarch64 and x86_64
# Linux with the toolchain's clang, -fsyntax-only. Swift for arm64 cannot be built on this machine
# (the toolchain ships the x86_64 standard library only), so this checks the C side alone: the
# part that uses architecture-specific builtins, assembly and libunwind's per-architecture API.
# Cross headers: glibc's from libc6-dev-arm64-cross, libunwind's from libunwind-dev:arm64
# (both installed by .ci/setup).
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT="${SWIFT:-swift}"
CLANG="${CLANG:-$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/clang}"
[ -x "$CLANG" ] || { echo "aarch64-check: no clang beside $SWIFT (set CLANG)" >&2; exit 2; }

AARCH64_LIBC=/usr/aarch64-linux-gnu/include
AARCH64_MULTIARCH=/usr/include/aarch64-linux-gnu
for header in "$AARCH64_LIBC/stdio.h" "$AARCH64_MULTIARCH/libunwind.h"; do
    [ -f "$header" ] || { echo "aarch64-check: $header missing: run 'bash .ci/setup' as root" >&2; exit 2; }
done

# The host's /usr/include is x86_64's glibc: for aarch64 only the cross headers (and libunwind's
# arm64 headers) are searched, after clang's own.
aarch64_flags=(--target=aarch64-linux-gnu -nostdlibinc -isystem "$AARCH64_LIBC" -isystem "$AARCH64_MULTIARCH")
x86_64_flags=(--target=x86_64-linux-gnu)

mapfile -t files < <(find Sources \( -name '*.c' -o -name '*.h' \) | sort)
[ ${#files[@]} -gt 0 ] || { echo "aarch64-check: no C files under Sources" >&2; exit 2; }

status=0
for arch in aarch64 x86_64; do
    flags_name="${arch}_flags[@]"
    failed=0
    for file in "${files[@]}"; do
        target_dir="$(echo "$file" | cut -d/ -f1-2)"
        includes=(-I "$(dirname "$file")")
        [ -d "$target_dir/include" ] && includes+=(-I "$target_dir/include")
        if ! output="$("$CLANG" "${!flags_name}" -x c -fsyntax-only "${includes[@]}" "$file" 2>&1)"; then
            echo "aarch64-check: FAIL: $file does not compile for $arch:" >&2
            echo "$output" | head -20 >&2
            failed=$((failed + 1))
        fi
    done
    if [ $failed -eq 0 ]; then
        echo "aarch64-check: ok: ${#files[@]} C files and headers compile for $arch ($("$CLANG" --version | head -1 | sed 's/ (.*//'))"
    else
        status=1
    fi
done
exit $status
