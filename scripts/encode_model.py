#!/usr/bin/env python3
"""Re-encodes a GGUF model's Q5_0 matrices as Q8_0 blocks holding exactly the same weights, the
format llama.cpp's CPU kernels multiply fastest; metadata, tokenizer and every other tensor are
copied as they are.

    encode_model.py --out FILE [--sha256 HEX] SOURCE.gguf

Why: the default reply model ships as "Q4_K_M", but most of its rows (896 wide) are not a multiple
of the K-quants' 256, so most of its matrices are Q5_0, whose dot products unpack a fifth bit per
weight. A Q5_0 block is a 16-bit scale d and 32 weights d * k with k in -16..15; the Q8_0 block of
the same d and k (k as an int8) holds the same 32 weights. The model is the same; only the order in
which the kernels add up its products differs, so a greedy reply can go another way at a near-tie.
On two cores a new prompt is evaluated about 2.4 times as fast and tokens come 1.2-1.4 times as fast
(docs/BENCHMARKS.md, "The reply model's encoding"), for 95 MB more on disk and in memory. The token
embedding is only looked up by row and keeps its encoding.

The result is checked before it is kept: every re-encoded matrix must decode to exactly the source's
weights, and with --sha256 the file must be the one recorded (the encoding is exact, so the same
source always gives the same bytes). It is written beside --out and renamed into place once checked.
"""
import argparse
import hashlib
import os
import sys

import numpy as np
from gguf import GGMLQuantizationType, GGUFReader, GGUFValueType, GGUFWriter
from gguf.quants import dequantize

Q5_0 = GGMLQuantizationType.Q5_0
Q8_0 = GGMLQuantizationType.Q8_0
Q5_0_BLOCK_BYTES = 22  # 2 bytes of scale, 4 of fifth bits, 16 of low nibbles, for 32 weights
MOSTLY_Q8_0 = 7  # llama_ftype, general.file_type
KEPT = {"token_embd.weight"}  # looked up by row (get_rows), never multiplied whole


def q8_0_of(q5_0):
    """Q5_0 blocks (rows × bytes) as the Q8_0 blocks of the same scale and integers."""
    blocks = q5_0.reshape(-1, Q5_0_BLOCK_BYTES)
    scale = blocks[:, :2].copy().view(np.float16)
    d = scale.astype(np.float32)
    weights = dequantize(blocks, Q5_0).reshape(-1, 32)
    k = np.divide(weights, d, out=np.zeros_like(weights), where=d != 0)
    q8_0 = np.concatenate([scale.view(np.uint8), np.rint(k).astype(np.int8).view(np.uint8)], axis=1)
    return q8_0.reshape(q5_0.shape[0], -1)


def fail(message):
    print(f"encode_model: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--sha256")
    parser.add_argument("source")
    args = parser.parse_args()

    partial = f"{args.out}.partial"
    try:
        encoded = write(args.source, partial)
        check(args.source, partial, encoded, args.sha256)
    except BaseException:  # a failed check, an error, a full disk, Ctrl-C: no half-made file left
        if os.path.exists(partial):
            os.remove(partial)
        raise
    os.replace(partial, args.out)
    print(f"{os.path.basename(args.out)}: {len(encoded)} Q5_0 matrices as Q8_0, the same weights, {os.path.getsize(args.out) / 1e6:.0f} MB")


def write(source_file, out):
    """The source with its Q5_0 matrices as Q8_0, written to `out`; the names of those matrices."""
    source = GGUFReader(source_file)
    writer = GGUFWriter(out, source.fields["general.architecture"].contents())
    for name, field in source.fields.items():
        if name.startswith("GGUF.") or name == "general.architecture":
            continue  # the writer's own
        if name == "general.file_type":
            writer.add_key_value(name, MOSTLY_Q8_0, GGUFValueType.UINT32)
            continue
        kind = field.types[0]
        writer.add_key_value(name, field.contents(), kind, sub_type=field.types[-1] if kind == GGUFValueType.ARRAY else None)

    encoded = []
    for tensor in source.tensors:
        data = np.asarray(tensor.data)
        if tensor.tensor_type == Q5_0 and tensor.name not in KEPT:
            blocks = q8_0_of(data)
            writer.add_tensor(tensor.name, blocks, raw_shape=blocks.shape, raw_dtype=Q8_0)
            encoded.append(tensor.name)
        else:
            writer.add_tensor(tensor.name, data, raw_shape=data.shape, raw_dtype=GGMLQuantizationType(tensor.tensor_type))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return encoded


def check(source_file, out, encoded, sha256):
    """Every re-encoded matrix decodes to exactly the source's weights, and the file is the recorded one."""
    written = {t.name: t for t in GGUFReader(out).tensors}
    for tensor in GGUFReader(source_file).tensors:
        if tensor.name in encoded and not np.array_equal(
            dequantize(np.asarray(tensor.data), Q5_0), dequantize(np.asarray(written[tensor.name].data), Q8_0)
        ):
            fail(f"{tensor.name} does not decode to the source's weights; nothing was installed")
    if sha256:
        digest = hashlib.sha256()
        with open(out, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        if digest.hexdigest() != sha256.lower():
            fail(f"the encoded file's SHA-256 is {digest.hexdigest()}, expected {sha256.lower()}; nothing was installed")


if __name__ == "__main__":
    main()
