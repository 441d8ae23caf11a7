#!/usr/bin/env bash
# ensure-debian-package.sh NAME PACKAGE BINARY: makes sure Debian's PACKAGE provides BINARY, installing it with
# apt-get when it is missing (as root, as on CI). NAME starts each message. The browser tests' chromium and the
# export tests' GDAL come this way, never by a download of their own.
set -euo pipefail

name=$1
package=$2
binary=$3

version() { "$binary" --version 2>/dev/null || echo "$binary"; }

if [[ -x "$binary" ]]; then
  echo "$name: $(version) already installed"
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "$name: $binary is missing and installing it needs root; run: apt-get install -y $package" >&2
  exit 1
fi

# Wait for a dpkg lock held by another install rather than failing at once.
APT=(apt-get -o DPkg::Lock::Timeout=300 -y -q)
export DEBIAN_FRONTEND=noninteractive

echo "$name: $binary missing; running apt-get update"
if ! "${APT[@]}" update; then
  echo "$name: apt-get update failed" >&2
  exit 1
fi
echo "$name: running apt-get install -y $package"
if ! "${APT[@]}" install --no-install-recommends "$package"; then
  echo "$name: apt-get install $package failed" >&2
  exit 1
fi

if [[ ! -x "$binary" ]]; then
  echo "$name: $package was installed but $binary is still missing" >&2
  exit 1
fi
echo "$name: installed $(version)"
