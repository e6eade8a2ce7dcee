#!/usr/bin/env bash
# Runs a command inside a throwaway D-Bus session with its own unlocked GNOME keyring, so
# tests use the real Secret Service without touching the user's keyring. The keyring lives
# in a fresh temp dir: one left by an earlier run with another password would stay locked.
# Usage: scripts/with-keyring.sh COMMAND [ARGS...]; exits with the command's status.
set -euo pipefail
if [ -z "${PAYDESK_IN_KEYRING_SESSION:-}" ]; then
  home=$(mktemp -d)
  trap 'rm -rf "$home"' EXIT
  mkdir -p "$home/data" "$home/runtime"
  chmod 700 "$home/runtime"
  export XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$home/runtime" PAYDESK_IN_KEYRING_SESSION=1
  status=0
  dbus-run-session -- bash "$0" "$@" || status=$?
  exit "$status"
fi
password=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
eval "$(printf %s "$password" | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null
export GNOME_KEYRING_CONTROL
exec "$@"
