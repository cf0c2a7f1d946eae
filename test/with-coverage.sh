#!/bin/sh
# `npm test`: every test under the c8 gate (100 % of src/), run by test/runner/run.mjs. A test file that needs what
# the machine lacks (its first line `// Needs: PostgreSQL` or `// Needs: /usr/bin/promtool`) is left out, not
# started; without DATABASE_URL the PostgreSQL adapter's folder is left out of the gate too. What was left out is
# said once, at the end. Arguments go to the runner (`npm test -- --jobs=2`); for some files without the gate, run it
# alone: `node test/runner/run.mjs test/domain`.
program_notes() {
  missing=""
  for program in /usr/bin/chromium:chromium /usr/sbin/nginx:nginx-light /usr/bin/promtool:prometheus \
    /usr/bin/prometheus:prometheus /usr/sbin/haproxy:haproxy; do
    path=${program%%:*}
    if [ "${TEST_OUTSIDE_PROGRAMS:-}" = none ] || [ ! -x "$path" ]; then missing="$missing ${program##*:}"; fi
  done
  if [ -n "$missing" ]; then
    packages=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
    why="not installed"
    [ "${TEST_OUTSIDE_PROGRAMS:-}" = none ] && why="set aside by TEST_OUTSIDE_PROGRAMS=none"
    echo "NOTE: outside programs ${why} (Debian's packages: ${packages% }), so the tests that need them were"
    echo "      skipped (the docs page and CORS in Chromium, the nginx cache, promtool, Prometheus, haproxy). To run them:"
    echo "      apt-get install -y chromium nginx-light prometheus haproxy   (.ci/run does)"
  fi
}
if [ -n "${DATABASE_URL:-}" ]; then
  npx c8 node test/runner/run.mjs "$@"
  status=$?
  program_notes
  exit $status
fi
npx c8 --exclude 'src/**/*.d.ts' --exclude 'src/adapters/persistence/postgres/**' node test/runner/run.mjs "$@"
status=$?
echo "NOTE: DATABASE_URL is not set, so the PostgreSQL suites were skipped and src/adapters/persistence/postgres/ was"
echo "      left out of the coverage gate. Run everything with a server whose role may CREATEDB:"
echo "      DATABASE_URL=postgres://user:password@127.0.0.1:5432/database npm test   (.ci/run sets one up)"
program_notes
exit $status
