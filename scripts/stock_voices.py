#!/usr/bin/env python3
"""The stock voices' audio, measures and embeddings (docs/VOICES.md), shipped in the repository so
that a fresh machine does not spend minutes making them again.

    stock_voices.py install MODELS   check the shipped copy against this machine, then write
                                     MODELS/stock-voice-audio-v1.npz and stock-voice-embeddings-v2.npz
    stock_voices.py pack MODELS      write the shipped copy from those two files (after a set-up
                                     that had to make them: scripts/setup-speech.sh says so)

Run with the speech virtualenv's Python (.tools/speech-venv/bin/python). The shipped copy, in
media/speech/model-server/stock-voices/:

    audio.flac       every stock voice's Kokoro output of the scoring, validation and held-out
                     sentences (int16, 24 kHz), one after the other; FLAC is lossless, and the
                     decoded samples must have the SHA-256 recorded in the manifest
    embeddings.npz   stock-voice-embeddings-v2.npz as made (the d-vectors, 108 kB)
    manifest.json    the clips' names and lengths in order, each voice's pitch and formants, and
                     what the files were made from: digests of the Kokoro model, the stock voices'
                     style tables and the speaker encoder's weights, the sentences, and (for the
                     record) the versions of the packages that made them

`install` refuses the copy (exit status 3, with the reason; scripts/setup-speech.sh then makes the
files as before) unless the inputs' digests and the sentences are this machine's, and unless two
stock voices (one American, one British), made again here with the service's own code
(voice_builder.KokoroStyleSearch, which makes only what its files lack), match the copy: the same
samples within SPOT_AUDIO_LSB, pitch and formants within SPOT_MEASURE_RTOL, embeddings within
SPOT_EMBEDDING_ATOL. Everything the check uses other than the copy is read from the machine, so a
change to the sentences, the synthesis, the measures or the encoder that alters them is caught
there rather than trusted. The check takes about 20 s, against about 5 minutes to make all 28 voices.
"""
import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
import threading
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "media", "speech", "model-server")
SHIPPED = os.path.join(SERVER, "stock-voices")
AUDIO_FILE, EMBEDDINGS_FILE = "stock-voice-audio-v1.npz", "stock-voice-embeddings-v2.npz"
KOKORO_MODEL, VOICES, ENCODER = "kokoro-v1.0.int8.onnx", "voices.npz", "speaker-encoder-v1.npz"
RATE = 24000
SPOT_VOICES = ("af_heart", "bm_george")
SPOT_AUDIO_LSB = 1  # Kokoro here gave identical samples with 1 or 2 threads; 1 LSB is -90 dBFS
SPOT_MEASURE_RTOL = 1e-4
SPOT_EMBEDDING_ATOL = 1e-4  # the d-vectors are unit vectors of 256 float32
PACKAGES = ("kokoro-onnx", "onnxruntime", "numpy", "praat-parselmouth", "espeakng-loader", "phonemizer-fork")

sys.path.insert(0, SERVER)


class Refused(Exception):
    pass


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def npz_digest(path, keys=None):
    """SHA-256 of an .npz's arrays (names, dtypes, shapes and bytes), not of the file: np.savez
    stamps the time into the zip, so the same arrays saved twice are different files."""
    h = hashlib.sha256()
    with np.load(path) as data:
        for key in sorted(data.files if keys is None else keys):
            a = np.ascontiguousarray(data[key])
            h.update(f"{key}|{a.dtype.str}|{a.shape}\n".encode())
            h.update(a.tobytes())
    return h.hexdigest()


def recipe(models):
    """What the stock voices are made from, as this machine has it."""
    import importlib.metadata as md

    from voice_builder import HELD_OUT_TEXT, SCORING_TEXTS, STOCK_PREFIXES, VALIDATION_TEXT

    with np.load(os.path.join(models, VOICES)) as voices:
        stock = sorted(n for n in voices.files if n.startswith(STOCK_PREFIXES))
    versions = {}
    for name in PACKAGES:
        try:
            versions[name] = md.version(name)
        except md.PackageNotFoundError:
            pass
    return {
        "kokoro_model_sha256": sha256_file(os.path.join(models, KOKORO_MODEL)),
        "stock_styles_sha256": npz_digest(os.path.join(models, VOICES), stock),
        "speaker_encoder_sha256": npz_digest(os.path.join(models, ENCODER)),
        "voices": stock,
        "texts": {"score": list(SCORING_TEXTS), "validation": [VALIDATION_TEXT], "held_out": [HELD_OUT_TEXT]},
        "packages": versions,  # for the record: the spot check decides
    }


def decode_flac(path):
    import av

    chunks = []
    with av.open(path) as container:
        for frame in container.decode(audio=0):
            a = frame.to_ndarray()
            if a.dtype != np.int16 or a.shape[0] != 1 or frame.sample_rate != RATE:
                raise Refused(f"{path}: expected mono int16 at {RATE} Hz, got {a.dtype} {a.shape} at {frame.sample_rate} Hz")
            chunks.append(a[0])
    return np.concatenate(chunks) if chunks else np.zeros(0, np.int16)


def encode_flac(samples, path):
    import av

    with av.open(path, "w", format="flac") as container:
        stream = container.add_stream("flac", rate=RATE, layout="mono")
        stream.codec_context.options = {"compression_level": "12"}
        step = 4096
        for i in range(0, len(samples), step):
            frame = av.AudioFrame.from_ndarray(samples[i : i + step].reshape(1, -1), format="s16", layout="mono")
            frame.sample_rate = RATE
            frame.pts = i
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)


def savez(path, arrays):
    np.savez(path + ".tmp.npz", **arrays)
    os.replace(path + ".tmp.npz", path)


def load_shipped():
    with open(os.path.join(SHIPPED, "manifest.json")) as f:
        manifest = json.load(f)
    samples = decode_flac(os.path.join(SHIPPED, manifest["audio"]["file"]))
    if hashlib.sha256(samples.astype("<i2").tobytes()).hexdigest() != manifest["audio"]["pcm_sha256"]:
        raise Refused("the decoded audio's SHA-256 is not the manifest's")
    audio, at = {}, 0
    for key, n in manifest["audio"]["clips"].items():
        audio[key] = samples[at : at + n]
        at += n
    if at != len(samples):
        raise Refused(f"the clips add up to {at} samples, the audio has {len(samples)}")
    for key, values in manifest["measures"].items():
        audio[key] = np.array(values, np.float64)
    path = os.path.join(SHIPPED, manifest["embeddings"]["file"])
    if npz_digest(path) != manifest["embeddings"]["sha256"]:
        raise Refused(f"{path}: its arrays' digest is not the manifest's")
    with np.load(path) as data:
        embeddings = {k: data[k] for k in data.files}
    return manifest, audio, embeddings


def spot_check(models, audio, embeddings):
    """Makes SPOT_VOICES again with voice_builder's own code, in a scratch copy of the files that
    lacks only them, and returns the largest differences from the shipped values."""
    from kokoro_onnx import Kokoro

    from voice_builder import KokoroStyleSearch

    spot = tuple(f"{v}|" for v in SPOT_VOICES)
    with tempfile.TemporaryDirectory() as tmp:
        audio_path, embeddings_path = os.path.join(tmp, AUDIO_FILE), os.path.join(tmp, EMBEDDINGS_FILE)
        savez(audio_path, {k: v for k, v in audio.items() if not k.startswith(spot)})
        savez(embeddings_path, {k: v for k, v in embeddings.items() if not k.startswith(spot)})
        kokoro = Kokoro(os.path.join(models, KOKORO_MODEL), os.path.join(models, VOICES))
        KokoroStyleSearch(kokoro, threading.Lock(), os.path.join(models, ENCODER), embeddings_path, audio_path)
        with np.load(audio_path) as a, np.load(embeddings_path) as e:
            made_audio = {k: a[k] for k in a.files if k.startswith(spot)}
            made_embeddings = {k: e[k] for k in e.files if k.startswith(spot)}
    worst = {"audio_lsb": 0, "measure_rtol": 0.0, "embedding_atol": 0.0}
    for key, made in made_audio.items():
        shipped = audio.get(key)
        if shipped is None or made.shape != shipped.shape:
            raise Refused(f"{key}: made here with shape {made.shape}, shipped {None if shipped is None else shipped.shape}")
        if made.dtype == np.int16:
            worst["audio_lsb"] = max(worst["audio_lsb"], int(np.abs(made.astype(np.int32) - shipped.astype(np.int32)).max(initial=0)))
        else:
            worst["measure_rtol"] = max(worst["measure_rtol"], float(np.max(np.abs(made - shipped) / np.maximum(np.abs(shipped), 1e-12))))
    for key, made in made_embeddings.items():
        shipped = embeddings.get(key)
        if shipped is None or made.shape != shipped.shape:
            raise Refused(f"{key} (embedding): made here with shape {made.shape}, shipped {None if shipped is None else shipped.shape}")
        worst["embedding_atol"] = max(worst["embedding_atol"], float(np.abs(made - shipped).max()))
    if len(made_audio) != len(SPOT_VOICES) * 5 or len(made_embeddings) != len(SPOT_VOICES) * 3:
        raise Refused(f"the spot check made {len(made_audio)} audio entries and {len(made_embeddings)} embeddings for {SPOT_VOICES}")
    if worst["audio_lsb"] > SPOT_AUDIO_LSB or worst["measure_rtol"] > SPOT_MEASURE_RTOL or worst["embedding_atol"] > SPOT_EMBEDDING_ATOL:
        raise Refused(f"{', '.join(SPOT_VOICES)} made here differ from the shipped copy: {worst}")
    return worst


def install(models):
    started = time.time()
    manifest, audio, embeddings = load_shipped()
    here, made_from = recipe(models), manifest["made_from"]
    for key in ("kokoro_model_sha256", "stock_styles_sha256", "speaker_encoder_sha256", "voices", "texts"):
        if here[key] != made_from[key]:
            raise Refused(f"{key} differs: this machine has {here[key]!r}, the shipped copy was made from {made_from[key]!r}")
    worst = spot_check(models, audio, embeddings)
    # The key order of a set-up that makes the files itself (voice_builder._stock_audio).
    savez(os.path.join(models, AUDIO_FILE), {k: audio[k] for k in list(manifest["audio"]["clips"]) + list(manifest["measures"])})
    savez(os.path.join(models, EMBEDDINGS_FILE), embeddings)
    print(f"stock voices: installed the shipped copy ({len(here['voices'])} voices; {', '.join(SPOT_VOICES)} made again here "
          f"differ by at most {worst['audio_lsb']} LSB, measures {worst['measure_rtol']:.1e} relative, embeddings "
          f"{worst['embedding_atol']:.1e}) in {time.time() - started:.1f} s")


def pack(models):
    with np.load(os.path.join(models, AUDIO_FILE)) as data:
        entries = {k: data[k] for k in data.files}
    clips = [(k, int(len(v))) for k, v in entries.items() if v.dtype == np.int16]
    measures = {k: [float(x) for x in v] for k, v in entries.items() if v.dtype != np.int16}
    samples = np.concatenate([entries[k] for k, _ in clips]).astype(np.int16)
    os.makedirs(SHIPPED, exist_ok=True)
    encode_flac(samples, os.path.join(SHIPPED, "audio.flac.tmp"))
    if not np.array_equal(decode_flac(os.path.join(SHIPPED, "audio.flac.tmp")), samples):
        sys.exit("stock_voices: the FLAC file does not decode to the samples it was made from")
    os.replace(os.path.join(SHIPPED, "audio.flac.tmp"), os.path.join(SHIPPED, "audio.flac"))
    with np.load(os.path.join(models, EMBEDDINGS_FILE)) as data:
        embeddings = {k: data[k] for k in data.files}
    savez(os.path.join(SHIPPED, "embeddings.npz"), embeddings)
    manifest = {
        "about": "The stock voices' audio, measures and embeddings; written by scripts/stock_voices.py pack, read by its install.",
        "made_from": recipe(models),
        "audio": {
            "file": "audio.flac",
            "sample_rate": RATE,
            "pcm_sha256": hashlib.sha256(samples.astype("<i2").tobytes()).hexdigest(),
            "clips": dict(clips),
        },
        "measures": measures,
        "embeddings": {"file": "embeddings.npz", "sha256": npz_digest(os.path.join(SHIPPED, "embeddings.npz"))},
    }
    text = json.dumps(manifest, indent=1)
    # one line per list of numbers (a voice's pitch or formants)
    text = re.sub(r"\[\s+([-0-9.e+,\s]+?)\s+\]", lambda m: "[" + ", ".join(m.group(1).split()).replace(",,", ",") + "]", text)
    with open(os.path.join(SHIPPED, "manifest.json.tmp"), "w") as f:
        f.write(text + "\n")
    os.replace(os.path.join(SHIPPED, "manifest.json.tmp"), os.path.join(SHIPPED, "manifest.json"))
    print(f"stock voices: wrote {SHIPPED} ({len(clips)} clips, {len(samples) / RATE:.0f} s of audio)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("install", "pack"))
    parser.add_argument("models", help="the speech models directory (.tools/speech-models)")
    args = parser.parse_args()
    if args.command == "pack":
        pack(args.models)
        return
    try:
        install(args.models)
    except (Refused, FileNotFoundError, KeyError, ValueError) as err:
        print(f"stock voices: not using the shipped copy: {err}", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main()
