#!/bin/sh
# Regenerates the rkdebug man page with swift-argument-parser's generate-manual plugin and
# writes it to the path given (default: man/rkdebug.1).
#
# The date is pinned so the page only changes when the commands do. The plugin builds the
# package's products (in debug, to reuse the usual build) and runs
# `rkdebug --experimental-dump-help`; blank lines become `.Pp` so `man` renders the page
# without warnings.
#
# SWIFT_SCRATCH_PATH names the build folder to use (`swift package --scratch-path`), for a
# build kept apart from the default `.build`.
set -eu
cd "$(dirname "$0")/.."
output="${1:-man/rkdebug.1}"
date="2026-11-22"
scratch="${SWIFT_SCRATCH_PATH:-.build}"

# Remove an earlier page so the one found below is this run's.
find "$scratch/plugins" -path '*GenerateManual*' -name rkdebug.1 -exec rm -f {} + 2>/dev/null \
  || true
swift package --scratch-path "$scratch" plugin generate-manual --configuration debug \
  --date "$date" --section 1 >/dev/null
page=$(find "$scratch/plugins" -path '*GenerateManual*' -name rkdebug.1 | head -n 1)
if [ -z "$page" ]; then
  echo "generate-man: the plugin wrote no rkdebug.1 under $scratch/plugins/GenerateManual" >&2
  exit 1
fi
mkdir -p "$(dirname "$output")"
# mdoc wants paragraph breaks as .Pp, not blank lines (man warns about those).
sed 's/^$/.Pp/' "$page" >"$output"
