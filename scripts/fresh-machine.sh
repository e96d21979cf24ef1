#!/usr/bin/env bash
# `npm test` as on a fresh machine (CONTRIBUTING.md, "As on a fresh machine"): clones HEAD into a new
# folder, removes what the test layers install — the Debian packages test/provision.ts lists (those a
# new machine lacks), the packages apt then no longer needs, and the VS Code server in the cache —,
# then runs `npm ci && npm test` there and prints the wall time. Root only: it purges packages.
# Usage: bash scripts/fresh-machine.sh [LAYER...]    (the layers go to npm test; default: all)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(id -u)" = 0 ] || { echo "fresh-machine.sh removes Debian packages: run it as root." >&2; exit 2; }
work="$(mktemp -d)"
git clone -q "$root" "$work/wikiq"
cd "$work/wikiq"
echo "== fresh clone in $work/wikiq ($(git log -1 --format='%h %s'))"
npm ci --no-audit --no-fund >/dev/null
npx tsc -b
mapfile -t wanted < <(node out/test/provision.js --packages)
mapfile -t present < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${wanted[@]}" 2>/dev/null | awk '$2 == "installed" { print $1 }')
echo "== removing ${#present[@]} Debian packages: ${present[*]:-none}"
if [ "${#present[@]}" -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -q "${present[@]}" >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get autoremove --purge -y -q >/dev/null
fi
cache="${XDG_CACHE_HOME:-$HOME/.cache}/wikiq"
echo "== removing $cache (the VS Code server, the seeded wiki template, catalogues)"
rm -rf "$cache"
start=$(date +%s)
status=0
npm test -- "$@" || status=$?
echo "== npm test ${*:-(all layers)}: exit $status in $(( $(date +%s) - start )) s, in $work/wikiq"
exit "$status"
