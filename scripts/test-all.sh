#!/usr/bin/env bash
# Runs every Podium test (README quick start, command 2): installs what the tests need when it is missing
# (Debian's Chromium, its headless shell and nginx; PostgreSQL when no server answers on 127.0.0.1:5432), then typecheck, lint (ESLint + knip), unit tests,
# server tests on PGlite and on PostgreSQL, the production build, and the end-to-end suites in Chromium (the app, and
# the hosted integrations against local stand-ins of Supabase Auth, PostHog and an OTLP collector).
# Prints one closing line "tests: N passed, N failed" summed over every runner.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
started=$(date +%s)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
apt_updated=0
apt_install() {
  if [ $apt_updated = 0 ]; then as_root apt-get update -qq && apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@"
}

if [ ! -x /usr/bin/chromium ]; then
  echo "==> installing Debian's Chromium"
  apt_install chromium || { echo "could not install chromium" >&2; exit 1; }
fi
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  echo "==> installing Debian's Chromium headless shell (the end-to-end runs' browser, decision 0095)"
  apt_install chromium-headless-shell || { echo "could not install chromium-headless-shell" >&2; exit 1; }
fi
if [ ! -x /usr/sbin/nginx ]; then
  echo "==> installing Debian's nginx (the load-balancer test runs docs/deploy/nginx.conf)"
  apt_install nginx || { echo "could not install nginx" >&2; exit 1; }
fi
pg_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
if ! pg_up && ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "==> installing PostgreSQL (tests start a throwaway cluster)"
  apt_install postgresql || { echo "could not install postgresql" >&2; exit 1; }
fi

failed_steps=()
failed_logs=()
step() { # step NAME CMD...
  local name=$1; shift
  local t0=$(date +%s) log=".tmp/step-${name//[^a-zA-Z0-9]/-}.log"
  echo; echo "==> $name"
  if "$@" 2>&1 | tee "$log"; then echo "<== $name ok ($(( $(date +%s) - t0 )) s)"
  else echo "<== $name FAILED ($(( $(date +%s) - t0 )) s)"; failed_steps+=("$name"); failed_logs+=("$log"); fi
}
# together NAME 'COMMAND' [NAME 'COMMAND' ...]: runs independent steps at the same time (most are single-threaded:
# tsc, ESLint, one vitest worker on 2 cores), each into its own log, then prints each step's output in order.
together() {
  local names=() pids=() logs=() t0=$(date +%s)
  while [ $# -gt 1 ]; do
    local log=".tmp/step-${1//[^a-zA-Z0-9]/-}.log"
    bash -c "$2" >"$log" 2>&1 &
    names+=("$1"); pids+=($!); logs+=("$log"); shift 2
  done
  for i in "${!names[@]}"; do
    echo; echo "==> ${names[$i]}"
    if wait "${pids[$i]}"; then cat "${logs[$i]}"; echo "<== ${names[$i]} ok (with the others: $(( $(date +%s) - t0 )) s)"
    else cat "${logs[$i]}"; echo "<== ${names[$i]} FAILED"; failed_steps+=("${names[$i]}"); failed_logs+=("${logs[$i]}"); fi
  done
}

rm -f .tmp/results-*.json
together \
  "typecheck" "npm run typecheck" \
  "lint (ESLint + knip + Prettier + madge)" "npm run lint" \
  "unit tests" "npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.tmp/results-unit.json" \
  "build" "npm run build"
# Each test file has its own database (PGlite in memory, or its own PostgreSQL database), so both engines run at once.
# The tests that start real server processes run the build of the stage above (scripts/lib/server.ts).
export PODIUM_COMPILED_SERVER=true
together \
  "server tests (PGlite)" "npx vitest run --project server --reporter=default --reporter=json --outputFile.json=.tmp/results-server-pglite.json" \
  "server tests (PostgreSQL)" "PODIUM_TEST_DB=postgres npx vitest run --project server --reporter=default --reporter=json --outputFile.json=.tmp/results-server-postgres.json"
# One retry, as the configs give CI: on this 2-core machine a slow minute can starve a service-worker or push step;
# a test that passes only on its retry is still listed as flaky in the summary below, and one that fails twice fails.
# The end-to-end projects run side by side (decision 0097), each in its own Playwright process with its own server,
# database, sign-in log and sessions file (all keyed by E2E_PORT): one Playwright worker leaves a core idle while it
# waits on the page. The hosted integrations run beside them from the start, on ports of their own, and the "console"
# project after them in their lane, so that the three lanes end together (decisions 0104 and 0105).
e2e() { # e2e REPORT-NAME ARGS...: one Playwright run with the CI retry, its JSON report in .tmp/results-REPORT-NAME.json
  local name=$1; shift
  PLAYWRIGHT_JSON_OUTPUT_NAME=".tmp/results-$name.json" npx playwright test --retries=1 --reporter=list,json "$@"
}
export -f e2e
together \
  "end-to-end: app (Chromium)" "E2E_PORT=3100 e2e e2e-app --project=app" \
  "end-to-end: service worker (Chromium)" "E2E_PORT=3200 e2e e2e-service-worker --project=service-worker" \
  "end-to-end: hosted integrations (Chromium + stand-ins), then the console" \
  "E2E_PORT=3300 e2e e2e-integrations -c playwright.integrations.config.ts; first=\$?; E2E_PORT=3300 e2e e2e-console --project=console && exit \$first"

node scripts/summarize-tests.mjs .tmp/results-*.json
summary=$?
echo "total time: $(( $(date +%s) - started )) s"
if [ ${#failed_steps[@]} -gt 0 ]; then
  # A failed step's own output may be far above; its end is repeated here, where a log's tail shows it.
  for i in "${!failed_steps[@]}"; do
    echo; echo "==> end of the output of the failed step \"${failed_steps[$i]}\""
    sed -E 's/\x1b\[[0-9;]*m//g' "${failed_logs[$i]}" | grep -v -E '^\s*(✓|attachment #|test-results/|─|Usage:|npx playwright show-trace)|^\s*$' | tail -n 80
  done
  echo "failed steps: ${failed_steps[*]}"; exit 1
fi
exit $summary
