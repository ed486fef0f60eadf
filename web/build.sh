#!/usr/bin/env bash
# Build the playground into web/dist/ (open it through any static server, e.g.
# `python3 -m http.server -d web/dist`). knot is compiled to wasm32-unknown-unknown with a
# hand-written ABI (crates/knot-wasm): only the rustup target is needed, no wasm-bindgen-cli.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
target=wasm32-unknown-unknown
if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  echo "web/build.sh: adding the $target target (rustup target add $target)" >&2
  rustup target add "$target"
fi
# An 8 MiB stack (the parser and the lowering recurse; the default is 1 MiB). Only the wasm
# target's code gets these flags, not the build scripts that run on the host.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C link-arg=-zstack-size=8388608 ${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-}"
# The std model's artefacts are not in the module (feature `embedded-std` off): the page fetches
# the ones this build's build script wrote (its OUT_DIR, which Cargo reports) from beside it.
msgs=$(mktemp)
trap 'rm -f "$msgs"' EXIT
cargo build --release -p knot-wasm --target "$target" ${CARGO_QUIET:+-q} --message-format=json-render-diagnostics >"$msgs"
out_dir=$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    try: m = json.loads(line)
    except ValueError: continue
    if m.get("reason") == "build-script-executed" and "crates/knot#" in m.get("package_id", ""):
        print(m["out_dir"])' "$msgs" | tail -1)
[ -n "$out_dir" ] && [ -s "$out_dir/std.image" ] || { echo "web/build.sh: cargo reported no std artefacts of the knot crate" >&2; exit 1; }
dist=web/dist
rm -rf "$dist"
mkdir -p "$dist/examples"
cp "${CARGO_TARGET_DIR:-target}/$target/release/knot_wasm.wasm" "$dist/knot.wasm"
cp "$out_dir/std.snapshot" "$out_dir/std.image" "$dist/"
# Without its custom sections (names for debuggers) the module stays under the 8 MB Chromium still
# compiles on the page's thread, which keeps the page deterministic under headless virtual time.
if command -v python3 >/dev/null; then python3 web/src/strip-wasm.py "$dist/knot.wasm"; fi
cp web/index.html "$dist/"
cp web/src/knot.js web/src/playground.js web/src/playground.css web/src/trace-view.js web/src/trace-view.css "$dist/"
for f in link.rs vec_clone.rs tc_cycle.pl same_gen.pl family.pl; do
  cp "programs/$f" "$dist/examples/"
done
size=$(wc -c <"$dist/knot.wasm")
gz=$(gzip -9c "$dist/knot.wasm" | wc -c)
stdgz=$(cat "$dist/std.snapshot" "$dist/std.image" | gzip -6 | wc -c)
echo "web/build.sh: $dist/ built; knot.wasm $size bytes ($gz gzipped); std artefacts $(cat "$dist/std.snapshot" "$dist/std.image" | wc -c) bytes ($stdgz gzipped)"
