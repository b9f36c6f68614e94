#!/bin/sh
# The Debian packages the tests need: Chromium for the browser test (tests/test_browser.py) and
# bubblewrap for the gradebook's sandbox (tests/test_gradebook.py). As root on a Debian-like system
# they are installed with apt-get; elsewhere this explains how to enable those tests, which then
# skip (but never under CI).
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
need=""
[ -x "$CHROMIUM" ] || need="$need chromium"
command -v bwrap >/dev/null 2>&1 || need="$need bubblewrap"
[ -z "$need" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "Installing what the tests need (apt-get install$need)..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
    exit $?
fi
echo "Note: missing$need, so the tests that need them will be skipped."
echo "      To enable them: sudo apt-get install$need (or point CHROMIUM=/path/to/chromium at a browser)."
if [ "${CI:-}" = "true" ]; then
    echo "CI=true: every test must run here, so this is an error." >&2
    exit 1
fi
exit 0
