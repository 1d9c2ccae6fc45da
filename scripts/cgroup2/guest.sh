#!/bin/sh
# Runs inside the cgroup-v2-only VM of scripts/test-cgroup2.sh, after scripts/cgroup2/init:
# the host's root is / (read-only 9p), /mnt is the writable "out" share with env.sh (written by
# the host: REPO, PYTEST_ARGS, BENCH_RUNS). Mounts the rest, starts PostgreSQL and Redis (the
# hostile corpus checks they still answer), runs the comparison programs, the sandbox and
# hostile-corpus tests with JUIZ_CGROUP=v2 (the sandbox refuses to start without a usable v2
# backend) and the overhead bench, writes the exit status to /mnt/rc and powers off.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
. /mnt/env.sh
mount -t tmpfs -o mode=1777 tmpfs /run
# The checkout may be under a directory the tmpfs mounts below hide (a CI clone in /tmp): it is
# reached through a bind mount made before they cover it (/run: readable by the worker's user).
mkdir -p /run/juiz-repo && mount --bind "$REPO" /run/juiz-repo && REPO=/run/juiz-repo
for d in /tmp /dev/shm /var/tmp; do mount -t tmpfs -o mode=1777 tmpfs "$d"; done
mount -t cgroup2 -o nsdelegate cgroup2 /sys/fs/cgroup
ip link set lo up
# The supervisor, compiled by the host, copied to tmpfs: run from the 9p share, its pages would be
# charged to the box, and a box at its memory limit would evict them and fault them back in
# over 9p, very slowly under TCG (a memory hog then took a minute to be stopped).
cp -a /mnt/cache /tmp/cache
export HOME=/tmp/home JUIZ_CACHE_DIR=/tmp/cache JUIZ_VAR_DIR=/tmp/var PYTHONDONTWRITEBYTECODE=1
export JUIZ_STAGE_DIR=/run/juiz-stage JUIZ_CGROUP=v2 LANG=C.UTF-8
mkdir -p "$HOME" "$JUIZ_CACHE_DIR" "$JUIZ_VAR_DIR"
step() { echo "== guest $(cut -d' ' -f1 /proc/uptime)s: $*"; }
rc=0

step "kernel $(uname -r), $(grep -c cgroup2 /proc/mounts) cgroup2 mount(s), $(grep -c ' cgroup ' /proc/mounts) cgroup v1"
step "root cgroup controllers: $(cat /sys/fs/cgroup/cgroup.controllers)"
redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
# PostgreSQL starts in the background (slow under TCG) while the comparison programs run.
(
  cp -a /mnt/pgdata /tmp/pgdata && chown -R postgres:postgres /tmp/pgdata && chmod 700 /tmp/pgdata
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D /tmp/pgdata -l /tmp/pg.log -s -w -t 300 \
    -o "-k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" start || cat /tmp/pg.log
) &
pg=$!

cd "$REPO" || rc=1
step "the comparison programs (v2)"
.venv/bin/python scripts/cgroup2/compare.py run /mnt/bin /mnt/v2.jsonl || rc=1
wait "$pg"
step "PostgreSQL and Redis up: $(runuser -u postgres -- "$PG_BIN/pg_isready" -h 127.0.0.1 -q && echo yes || echo NO)"
export JUIZ_TEST_TIME_SCALE=$TIME_SCALE
step "pytest (time limits x$TIME_SCALE) $PYTEST_ARGS"
# shellcheck disable=SC2086 # PYTEST_ARGS is a list of words
.venv/bin/python -m pytest -q -p no:cacheprovider -p no:randomly -p no:xdist --timeout=600 \
  $PYTEST_ARGS || rc=1
step "bench: sandbox overhead on v2 against bare exec"
.venv/bin/python bench/sandbox_overhead.py -n "$BENCH_RUNS" --only c --time-scale "$TIME_SCALE" \
  || rc=1
step "prepare-cgroups, then a worker that is not root (nobody) in its leaf"
.venv/bin/python -m judging.sandbox prepare-cgroups --user nobody --path /sys/fs/cgroup/juiz-judge \
  || rc=1
# shellcheck disable=SC2016 # $$ is the inner shell's
sh -c 'echo $$ > /sys/fs/cgroup/juiz-judge/juiz-worker/cgroup.procs && exec runuser -u nobody -- \
  env PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$1" /usr/bin/python3 -c "
import sys
from judging.sandbox import cgroup_backends
from judging.sandbox.cgroups2 import V2SessionCgroups
backend = cgroup_backends.detect()
box = V2SessionCgroups.create()
assert backend == \"v2\" and box is not None, (backend, box)
box.set_limits(64 << 20, 8)
print(\"backend\", backend, \"session cgroup\", box.directory, \"memory.max\",
      (box.directory / \"memory.max\").read_text().strip())
box.close()
"' - "$REPO" || rc=1
step "done, status $rc"
echo "$rc" > /mnt/rc
sync
poweroff -f
