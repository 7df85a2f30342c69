#!/usr/bin/env bash
# One release archive and its checksum, as the release workflow attaches them and the Action's
# install step (scripts/action-install.sh) reads them:
#   ci/archive.sh TAG TARGET BINARY OUTDIR
# writes OUTDIR/hookcheck-TAG-TARGET.tar.gz (a folder of that name holding hookcheck and
# README.md) and OUTDIR/hookcheck-TAG-TARGET.tar.gz.sha256 (`sha256sum -c` format).
set -euo pipefail
tag="$1" target="$2" binary="$3" out="$4"
name="hookcheck-$tag-$target"
root="$(cd "$(dirname "$0")/.." && pwd)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out"
cp "$binary" "$stage/$name/hookcheck"
cp "$root/README.md" "$stage/$name/"
tar -czf "$out/$name.tar.gz" -C "$stage" "$name"
cd "$out"
if command -v sha256sum >/dev/null 2>&1; then
  sha256sum "$name.tar.gz" > "$name.tar.gz.sha256"
else
  shasum -a 256 "$name.tar.gz" > "$name.tar.gz.sha256"
fi
cat "$name.tar.gz.sha256"
