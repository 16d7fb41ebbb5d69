#!/usr/bin/env bash
# Installs what building and testing need on a fresh Debian 12 machine
# (run as root, or with sudo available). Does nothing when all is present.
set -euo pipefail
packages=(cmake make clang-19 gcc gfortran flang-19 libhwloc-dev hwloc libffi-dev libomp-19-dev gnuplot-nox python3)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q "${missing[@]}"
fi
