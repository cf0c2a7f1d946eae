#!/bin/sh
# `npm test`: every test under the c8 gate (100 % of src/). Without DATABASE_URL the PostgreSQL suites skip
# themselves, so the PostgreSQL adapter's folder is left out of the gate; without Chromium the browser test skips.
# What was skipped is said once, at the end. Arguments go to tap (`npm test -- --reporter=tap`).
browser_note() {
  if [ ! -x /usr/bin/chromium ]; then
    echo "NOTE: /usr/bin/chromium is not installed, so the docs page's browser test was skipped (apt-get install chromium)."
  fi
}
if [ -n "${DATABASE_URL:-}" ]; then
  npx c8 tap "$@"
  status=$?
  browser_note
  exit $status
fi
npx c8 --exclude 'src/**/*.d.ts' --exclude 'src/adapters/persistence/postgres/**' tap "$@"
status=$?
echo "NOTE: DATABASE_URL is not set, so the PostgreSQL suites were skipped and src/adapters/persistence/postgres/ was"
echo "      left out of the coverage gate. Run everything with a server whose role may CREATEDB:"
echo "      DATABASE_URL=postgres://user:password@127.0.0.1:5432/database npm test   (.ci/run sets one up)"
browser_note
exit $status
