#!/usr/bin/env bash
# Release readiness: every published package passes publint and "are the types wrong"
# (ESM only: CommonJS consumers use import()). Run after `pnpm build`.
set -euo pipefail
cd "$(dirname "$0")/.."
for package in packages/*/; do
  # Private packages (the test kit) are never published.
  if grep -q '"private": true' "${package}package.json"; then continue; fi
  echo "== ${package}"
  pnpm exec publint --strict "${package}"
  (cd "${package}" && pnpm exec attw --pack . --profile esm-only --format table-flipped)
done
