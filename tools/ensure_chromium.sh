#!/bin/sh
# Make sure Debian's Chromium is there for the browser test (tests/test_browser.py).
# As root on a Debian-like system it is installed with apt-get; elsewhere this
# only explains how to enable the test, which then skips (but never under CI).
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "Installing Chromium for the browser test (apt-get install chromium)..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    exit $?
fi
echo "Note: no Chromium at $CHROMIUM, so the browser test will be skipped."
echo "      To enable it, install Debian/Ubuntu's 'chromium' package (sudo apt-get install chromium)"
echo "      or point CHROMIUM=/path/to/chromium at a Chromium or Chrome binary."
if [ "${CI:-}" = "true" ]; then
    echo "CI=true: the browser test must run here, so this is an error." >&2
    exit 1
fi
exit 0
