#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests.
# Playwright is pointed at this binary; it must never try to download a browser of its own.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM") already installed"
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "ensure-chromium: $CHROMIUM is missing and installing it needs root; run: apt-get install -y chromium" >&2
  exit 1
fi

# Wait for a dpkg lock held by another install rather than failing at once.
APT=(apt-get -o DPkg::Lock::Timeout=300 -y -q)
export DEBIAN_FRONTEND=noninteractive

echo "ensure-chromium: $CHROMIUM missing; running apt-get update"
if ! "${APT[@]}" update; then
  echo "ensure-chromium: apt-get update failed" >&2
  exit 1
fi
echo "ensure-chromium: running apt-get install -y chromium"
if ! "${APT[@]}" install --no-install-recommends chromium; then
  echo "ensure-chromium: apt-get install chromium failed" >&2
  exit 1
fi

if [[ ! -x "$CHROMIUM" ]]; then
  echo "ensure-chromium: chromium was installed but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
