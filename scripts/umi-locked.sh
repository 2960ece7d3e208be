#!/usr/bin/env bash
# Runs `max <args>` holding a lock, so that parallel sessions on one machine never run two Umi
# builds or setups at once (they share src/.umi*). Example: UMI_OUTPUT_PATH=dist-a scripts/umi-locked.sh build
exec flock /tmp/levelup-umi.lock npx max "$@"
