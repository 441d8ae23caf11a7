#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# Playwright is pointed at this binary; it must never try to download a browser of its own.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-package.sh" ensure-chromium chromium /usr/bin/chromium
