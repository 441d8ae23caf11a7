#!/usr/bin/env bash
# Makes sure Debian's gdal-bin (ogrinfo) is installed: the export tests read every file they write back with
# GDAL, the library behind QGIS and most GIS tools, so that what a GIS opens is checked by a GIS reader.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-package.sh" ensure-gdal gdal-bin /usr/bin/ogrinfo
