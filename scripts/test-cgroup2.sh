#!/usr/bin/env bash
# The sandbox on a real cgroup-v2-only kernel. These machines mount cgroup v1, so this boots
# Debian's kernel (linux-image-amd64) in QEMU (TCG: KVM hangs here) with
# `systemd.unified_cgroup_hierarchy=1 cgroup_no_v1=all`, the host's root shared read-only over
# 9p (same Python, bubblewrap, compilers, this checkout) and a tiny busybox initramfs
# (scripts/cgroup2/init). Inside (scripts/cgroup2/guest.sh), with the v2 backend insisted on
# (JUIZ_CGROUP=v2): the comparison programs (scripts/cgroup2/compare.py), the sandbox tests of
# the cgroup backend and the limits, part of the hostile corpus, and the overhead bench against
# bare exec in the same VM. The same programs and the bench also run here on the host (v1).
# Prints both side by side; exits non-zero if a test fails or a verdict differs.
#
#   scripts/test-cgroup2.sh            # ~5-8 minutes on a loaded 2-core machine
#   BENCH_RUNS=100 scripts/test-cgroup2.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
BENCH_RUNS=${BENCH_RUNS:-30}
# The guest's test time limits are this many times the host's: TCG runs programs several
# times slower (a memory hog would otherwise reach the CPU limit before the memory limit).
TIME_SCALE=${TIME_SCALE:-5}
VM_TIMEOUT=${VM_TIMEOUT:-900}
t0=$(date +%s)
say() { echo "== test-cgroup2 +$(($(date +%s) - t0))s: $*"; }

kernel=$(ls /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -1 || true)
missing=()
command -v qemu-system-x86_64 >/dev/null || missing+=(qemu-system-x86)
[ -n "$kernel" ] || missing+=(linux-image-amd64)
busybox=/bin/busybox # busybox-static's (the dynamic busybox package would need its libraries)
dpkg-query -W -f='${Status}' busybox-static 2>/dev/null | grep -q 'ok installed' \
  || missing+=(busybox-static)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$pg_bin" ] || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-cgroup2: missing Debian packages: ${missing[*]} (scripts/setup.sh installs them)" >&2
  exit 1
fi
kver=${kernel#/boot/vmlinuz-}
modules=/lib/modules/$kver

work=$(mktemp -d /tmp/juiz-cgroup2.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
out=$work/out
mkdir -p "$out" "$work/initrd"/{bin,modules,proc,sys,dev,newroot}

say "initramfs: busybox, scripts/cgroup2/init and the 9p modules of $kver"
cp "$busybox" "$work/initrd/bin/busybox"
cp scripts/cgroup2/init "$work/initrd/init"
for m in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci \
  9pnet 9pnet_virtio netfs fscache 9p; do
  path=$(grep -E "/$m\.ko:" "$modules/modules.dep" | cut -d: -f1 || true)
  [ -n "$path" ] || continue # built into this kernel
  cp "$modules/$path" "$work/initrd/modules/"
done
(cd "$work/initrd" && find . | "$busybox" cpio -o -H newc 2>/dev/null | gzip -1) > "$work/initrd.gz"

say "the comparison programs, and a PostgreSQL cluster for the guest"
.venv/bin/python scripts/cgroup2/compare.py build "$out/bin"
install -d -o postgres -m 700 "$out/pgdata"
runuser -u postgres -- "$pg_bin/initdb" -D "$out/pgdata" -U postgres --auth=trust \
  --no-sync >/dev/null
guest_tests=(
  tests/judging/sandbox/test_cgroup_backend.py
  tests/judging/sandbox/test_limits.py::test_an_endless_loop_hits_the_cpu_limit_before_the_wall_limit
  tests/judging/sandbox/test_limits.py::test_cpu_limit_counts_every_process
  tests/judging/sandbox/test_limits.py::test_a_memory_hog_is_killed_at_the_memory_limit
  tests/judging/sandbox/test_limits.py::test_fork_bomb_is_contained_and_cleaned
  tests/judging/sandbox/test_limits.py::test_process_limit_is_exact
  tests/judging/sandbox/test_limits.py::test_filling_memory_with_files_cannot_break_the_box
)
hostile=tests/judging/sandbox/test_hostile_corpus.py::test_a_hostile_submission_gets_its_verdict_and_leaves_the_host_intact
# Wall and CPU limits are compared by scripts/cgroup2/compare.py already. The corpus' memory
# cases are left out: memory_hog is C++ and g++ needs more than the engine's 30 s compile limit
# under TCG, deep_recursion's stack grows too slowly there; the memory limit is covered by
# test_limits' and test_cgroup_backend's memory tests and compare.py. fill_disk fills tmpfs,
# i.e. memory charged to no process, with v2's OOM killer on.
for case in fork_bomb huge_output fill_disk connect_5432; do
  guest_tests+=("$hostile[$case]")
done
cat > "$out/env.sh" <<ENV
REPO='$REPO'
PG_BIN='$pg_bin'
BENCH_RUNS='$BENCH_RUNS'
TIME_SCALE='$TIME_SCALE'
PYTEST_ARGS='${guest_tests[*]}'
export REDIS_URL=redis://127.0.0.1:6379/0
ENV
cp scripts/cgroup2/guest.sh "$out/guest.sh"

say "host (cgroup v1): the comparison programs and the bench"
# The guest uses this cache too: the supervisor is compiled once, here (gcc is slow under TCG).
JUIZ_CACHE_DIR=$out/cache .venv/bin/python scripts/cgroup2/compare.py run "$out/bin" "$work/v1.jsonl"
.venv/bin/python bench/sandbox_overhead.py -n "$BENCH_RUNS" --only c | tee "$work/bench-v1.txt"

say "VM: $kernel, cgroup v2 only, TCG"
set +e
timeout "$VM_TIMEOUT" qemu-system-x86_64 -accel tcg -m 2048 -smp 2 -nographic -no-reboot \
  -kernel "$kernel" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet loglevel=3 panic=-1 systemd.unified_cgroup_hierarchy=1 cgroup_no_v1=all" \
  -virtfs local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap \
  -virtfs "local,path=$out,mount_tag=out,security_model=none" \
  </dev/null 2>&1 | sed -u -e 's/\r//g' -e 's/\x1b\[[0-9;?]*[a-zA-Z]//g' \
  | grep --line-buffered -v -e '^\[ *[0-9.]*\] ' -e 'SeaBIOS\|iPXE\|Booting from'
set -e
guest_rc=$(cat "$out/rc" 2>/dev/null || echo "none (the VM did not finish)")

say "the same programs, host (v1) and VM (v2)"
set +e
.venv/bin/python scripts/cgroup2/compare.py diff "$work/v1.jsonl" "$out/v2.jsonl"
diff_rc=$?
set -e
say "finished in $(($(date +%s) - t0)) s; guest status $guest_rc, comparison status $diff_rc"
[ "$guest_rc" = 0 ] && [ "$diff_rc" = 0 ]
