#!/usr/bin/env bash
# Makes sure Debian's gdal-bin (ogrinfo) is installed: the export tests read every file they write back with
# GDAL, the library behind QGIS and most GIS tools, so that what a GIS opens is checked by a GIS reader.
set -euo pipefail

OGRINFO=/usr/bin/ogrinfo

if [[ -x "$OGRINFO" ]]; then
  echo "ensure-gdal: $("$OGRINFO" --version 2>/dev/null || echo "$OGRINFO") already installed"
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "ensure-gdal: $OGRINFO is missing and installing it needs root; run: apt-get install -y gdal-bin" >&2
  exit 1
fi

APT=(apt-get -o DPkg::Lock::Timeout=300 -y -q)
export DEBIAN_FRONTEND=noninteractive

echo "ensure-gdal: $OGRINFO missing; running apt-get update"
if ! "${APT[@]}" update; then
  echo "ensure-gdal: apt-get update failed" >&2
  exit 1
fi
echo "ensure-gdal: running apt-get install -y gdal-bin"
if ! "${APT[@]}" install --no-install-recommends gdal-bin; then
  echo "ensure-gdal: apt-get install gdal-bin failed" >&2
  exit 1
fi

if [[ ! -x "$OGRINFO" ]]; then
  echo "ensure-gdal: gdal-bin was installed but $OGRINFO is still missing" >&2
  exit 1
fi
echo "ensure-gdal: installed $("$OGRINFO" --version 2>/dev/null || echo "$OGRINFO")"
