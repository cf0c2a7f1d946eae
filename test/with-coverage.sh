#!/bin/sh
# `npm test`: every test under the c8 gate (100 % of src/). Without DATABASE_URL the PostgreSQL suites skip
# themselves, so the PostgreSQL adapter's folder is left out of the gate; a test that needs a program outside Node
# (Chromium, nginx, promtool, Prometheus, haproxy) skips when it is not installed. What was skipped is said once, at
# the end. Arguments go to tap (`npm test -- --reporter=tap`).
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
# A test file whose first line says `// Needs: PostgreSQL` or `// Needs: /usr/bin/promtool` (a comma-separated list)
# is left out when the machine lacks one of them, rather than started only to skip itself: a test process costs
# about 1.5 s of CPU before its first test. Run alone (`npx tap file`), such a file skips itself, saying why.
left_out=""
for file in $(grep -rl --include='*.test.ts' '^// Needs: ' test | sort); do
  for need in $(sed -n '1s/^\/\/ Needs: //p' "$file" | tr ',' ' '); do
    case $need in
      PostgreSQL) [ -n "${DATABASE_URL:-}" ] && continue ;;
      *) [ "${TEST_OUTSIDE_PROGRAMS:-}" != none ] && [ -x "$need" ] && continue ;;
    esac
    left_out="$left_out --exclude=$file"
    break
  done
done
set -- $left_out "$@"
if [ -n "${DATABASE_URL:-}" ]; then
  npx c8 tap "$@"
  status=$?
  program_notes
  exit $status
fi
npx c8 --exclude 'src/**/*.d.ts' --exclude 'src/adapters/persistence/postgres/**' tap "$@"
status=$?
echo "NOTE: DATABASE_URL is not set, so the PostgreSQL suites were skipped and src/adapters/persistence/postgres/ was"
echo "      left out of the coverage gate. Run everything with a server whose role may CREATEDB:"
echo "      DATABASE_URL=postgres://user:password@127.0.0.1:5432/database npm test   (.ci/run sets one up)"
program_notes
exit $status
