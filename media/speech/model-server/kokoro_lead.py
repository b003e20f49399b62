"""Kokoro's decoder started shortly before the speech, not at the start of its lead-in.

Kokoro gives its leading pad token 9-20 frames (0.2-0.5 s) of audio that kokoro-onnx then trims as
silence: for a short piece, a tenth to a fifth of the decoder's work (the cost of a piece) makes
audio that is thrown away. This edit of the graph keeps everything up to the decoder as it is (the
text encoder, durations, pitch and energy are computed over the whole alignment, lead-in included,
so the prosody is the model's own) and hands the decoder its inputs from `lead_frames` frames
before the lead-in ends: the decoder's convolutions still see that much silence before the first
sound. The `duration` output says the lead-in is that much shorter, so the phoneme timings
kokoro-onnx derives from it (scaled to the audio's length) stay right.

Capping the lead-in's duration in the encoder instead (so the predictors saw a shorter alignment)
was tried and heard far worse (docs/BENCHMARKS.md#kokoros-first-piece).

The edited model is a file beside the original, made once (scripts/setup-speech.sh makes the
default's; the server makes another lead's on its first start with it):

    python kokoro_lead.py MODEL.onnx [FRAMES]
"""
import os
import sys

import onnx
from onnx import TensorProto, helper

# The graph's tensors at the decoder's boundary (Kokoro v1.0 int8, as kokoro-onnx's model ships).
DURATIONS = "/encoder/Gather_output_0"  # frames per token, the pads included
FEATURES = "/encoder/MatMul_1_output_0"  # the text encoder's output over the frames: (1, C, frames)
PITCH = "/encoder/Reshape_output_0"  # F0 at twice the frame rate: (1, 2 × frames)
ENERGY = "/encoder/Reshape_1_output_0"  # N, as F0


# Part of the edited files' names: a change to the edit below must change it, so that no file made by
# an earlier edit is loaded as this one's.
EDIT = "lead1"
# Frames of the lead-in the decoder still makes (SPEECH_KOKORO_LEAD_FRAMES): 4 was heard as the whole
# lead-in is, where 3 in the encoder was not (docs/BENCHMARKS.md#kokoros-first-piece).
DEFAULT_LEAD_FRAMES = 4


def edited_model(model_path, lead_frames):
    """The path of `model_path` with its decoder started `lead_frames` before the lead-in's end,
    written beside it (in one rename) if it is not there yet."""
    out = f"{os.path.splitext(model_path)[0]}.{EDIT}-{lead_frames}.onnx"
    if not os.path.exists(out):
        tmp = f"{out}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(shortened_lead(model_path, lead_frames))
        os.replace(tmp, out)
    return out


def shortened_lead(model_path, lead_frames):
    """The model's bytes with its decoder started `lead_frames` before the lead-in's end."""
    model = onnx.load(model_path)
    graph = model.graph
    produced = {out for node in graph.node for out in node.output}
    missing = [name for name in (DURATIONS, FEATURES, PITCH, ENERGY) if name not in produced]
    if missing or [o.name for o in graph.output] != ["audio", "duration"]:
        raise ValueError(f"not the Kokoro graph this edit knows (missing {missing})")

    def ints(name, values):
        graph.initializer.append(helper.make_tensor(name, TensorProto.INT64, [len(values)], values))
        return name

    keep = ints("lead/keep", [lead_frames])
    zero, one, two, end = ints("lead/zero", [0]), ints("lead/one", [1]), ints("lead/two", [2]), ints("lead/end", [1 << 62])
    first, frames_axis, samples_axis = zero, two, one  # durations' axis 0, the features' axis 2, F0's and N's axis 1
    nodes = [
        helper.make_node("Slice", [DURATIONS, first, one, first], ["lead/lead_in"]),
        helper.make_node("Sub", ["lead/lead_in", keep], ["lead/excess"]),
        helper.make_node("Max", ["lead/excess", zero], ["lead/skip"]),  # frames not decoded
        helper.make_node("Mul", ["lead/skip", two], ["lead/skip2"]),
        helper.make_node("Slice", [FEATURES, "lead/skip", end, frames_axis], ["lead/features"]),
        helper.make_node("Slice", [PITCH, "lead/skip2", end, samples_axis], ["lead/pitch"]),
        helper.make_node("Slice", [ENERGY, "lead/skip2", end, samples_axis], ["lead/energy"]),
        helper.make_node("Sub", ["lead/lead_in", "lead/skip"], ["lead/kept"]),
        helper.make_node("Slice", [DURATIONS, one, end, first], ["lead/rest"]),
        helper.make_node("Concat", ["lead/kept", "lead/rest"], ["lead/durations"], axis=0),
    ]
    renamed = {FEATURES: "lead/features", PITCH: "lead/pitch", ENERGY: "lead/energy"}
    # Every reader of the three tensors is the decoder's (the features' quantisation is its first step).
    for node in graph.node:
        for i, name in enumerate(node.input):
            if name in renamed:
                node.input[i] = renamed[name]
        if node.op_type == "Identity" and list(node.output) == ["duration"]:
            node.input[0] = "lead/durations"
    graph.node.extend(nodes)
    _sort(graph)
    onnx.checker.check_model(model)
    return model.SerializeToString()


def _sort(graph):
    """Puts the graph's nodes in an order where each comes after the nodes making its inputs."""
    ready = {t.name for t in graph.initializer} | {i.name for i in graph.input} | {""}
    pending, ordered = list(graph.node), []
    while pending:
        waiting = []
        for node in pending:
            if all(i in ready for i in node.input):
                ordered.append(node)
                ready.update(node.output)
            else:
                waiting.append(node)
        if len(waiting) == len(pending):
            raise ValueError(f"the edited graph has a cycle or an unknown input at {waiting[0].name}")
        pending = waiting
    del graph.node[:]
    graph.node.extend(ordered)


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (1, 2) or (len(args) == 2 and not args[1].isdigit()):
        sys.exit("usage: kokoro_lead.py MODEL.onnx [FRAMES]")
    print(edited_model(args[0], int(args[1]) if len(args) == 2 else DEFAULT_LEAD_FRAMES))
