"""Schemathesis hooks of test/http/openapi-fuzz.test.ts (loaded with SCHEMATHESIS_HOOKS).

- `error_envelope`: a check that every response with status >= 400 is the API's error envelope,
  {"success": false, "error": {"message", "statusCode", "timestamp", "code", ...}}, as JSON.
- Path parameters: a third of the drawn values are swapped for ids of records the test seeded
  (COMPANION_FUZZ_SEEDS, by "METHOD path template" or path template), so operations on one record
  reach the record and not only its 404, and a third for a hostile id (HOSTILE_IDS: NATS
  wildcards and separators, protocol breakers, SQL, path tricks), which the `hostile_id_is_404`
  check requires to be answered 404 like an id of nothing.
- Audio bodies: raw audio/* bodies are serialised as audio/wav; the document's example (a
  placeholder for a file's bytes) is sent as a real, short WAV file, raw or in the multipart field.
- Synthesis budget: texts sent to the speech model are cut to 80 characters and valid voice ids
  become the fastest voice (Piper's en-US-joe), so speech does not eat the run's time on 2 cores;
  the document's own examples keep their voices on POST /api/v1/text-to-speech and the demo only.
  The contract is what is fuzzed; what each voice sounds like is test/speech's business.
"""

import json
import os
import re
import struct
from urllib.parse import unquote
from datetime import datetime

import schemathesis
from hypothesis import strategies as st

SEEDS: dict[str, dict[str, str]] = json.loads(os.environ.get("COMPANION_FUZZ_SEEDS", "{}"))

SYNTHESIS = {
    "/api/v1/text-to-speech",
    "/api/v1/text-to-speech/stream",
    "/api/v1/text-to-speech/with-timestamps",
    "/api/v1/demo/tts",
}
TRANSCRIPTION = {"/api/v1/speech-to-text", "/api/v1/speech-to-text/stream"}
VALID_VOICE = re.compile(r"^(?:[a-z]{2}-[A-Z]{2}-[a-z]+|vce_[0-9A-Za-z]+)$")
PLACEHOLDER = "RIFF…"


def _wav(seconds: float = 0.25, rate: int = 16000) -> bytes:
    data = b"\x00\x00" * int(seconds * rate)
    fmt = struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16)
    return b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + fmt + b"data" + struct.pack("<I", len(data)) + data


WAV = _wav()


def _audio_bytes(value) -> bytes:
    if isinstance(value, str) and value.startswith(PLACEHOLDER):
        return WAV
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("utf-8")
    return json.dumps(value).encode("utf-8")


@schemathesis.serializer("audio/wav")
def audio_serializer(ctx, value):
    return _audio_bytes(value)


def _within_synthesis_budget(body):
    if not isinstance(body, dict):
        return body
    body = dict(body)
    if isinstance(body.get("text"), str):
        body["text"] = body["text"][:80]
    if isinstance(body.get("voiceId"), str) and VALID_VOICE.match(body["voiceId"]) and not body["voiceId"].startswith("vce_"):
        body["voiceId"] = "en-US-joe"
    return body


@schemathesis.hook
def map_body(ctx, body):
    path = ctx.operation.path if ctx.operation is not None else ""
    if path in TRANSCRIPTION and isinstance(body, dict) and isinstance(body.get("file"), str):
        return {**body, "file": _audio_bytes(body["file"])}
    if path in SYNTHESIS:
        return _within_synthesis_budget(body)
    return body


# map_body shapes the fuzzing phase's bodies only; the examples and coverage phases send the
# document's examples, which name Kokoro voices of several languages (1-7 s each on 2 cores). Each is
# still synthesised as documented through POST /api/v1/text-to-speech and the demo. The stream and
# with-timestamps routes take the same body and resolve its voice the same way, so there the
# examples, and the coverage phase's positive cases, get the budget's voice too (about 20 s less per
# run on 2 cores); those routes are still sent every documented example, spoken by en-US-joe.
SAME_BODY_AS_SYNTHESIS = {"/api/v1/text-to-speech/stream", "/api/v1/text-to-speech/with-timestamps"}


@schemathesis.hook
def before_add_examples(ctx, examples):
    if ctx.operation is not None and ctx.operation.path in SAME_BODY_AS_SYNTHESIS:
        for case in examples:
            case.body = _within_synthesis_budget(case.body)


@schemathesis.hook
def map_case(ctx, case):
    positive = case.meta is None or case.meta.generation.mode.value == "positive"
    if ctx.operation is not None and ctx.operation.path in SAME_BODY_AS_SYNTHESIS and positive:
        case.body = _within_synthesis_budget(case.body)
    return case


# Shaped like ids but for one character, or not at all: what an id's grammar must refuse.
HOSTILE_IDS = [
    "ses_x y",
    "ses_x\ny",
    "ses_x\r\nPUB a 1",
    "ses_*",
    "chr_>",
    "key_a.b",
    "whk_a.*.>",
    "org_' OR '1'='1",
    "usr_\U0001f600",
    "../../admin/keys",
    "tok_" + "a" * 61,
    "*",
    ">",
]


@schemathesis.hook
def flatmap_path_parameters(ctx, path_parameters):
    operation = ctx.operation
    if operation is None or not path_parameters:
        return st.just(path_parameters)
    seeded = SEEDS.get(f"{operation.method.upper()} {operation.path}", SEEDS.get(operation.path))
    choices = [st.just(path_parameters)]
    if seeded:
        choices.append(st.just({**path_parameters, **seeded}))
    name = sorted(path_parameters)[0]
    choices.append(st.sampled_from(HOSTILE_IDS).map(lambda value: {**path_parameters, **(seeded or {}), name: value}))
    return st.one_of(choices)


@schemathesis.check
def hostile_id_is_404(ctx, response, case):
    """A path id from HOSTILE_IDS is answered 404 (an id of nothing), never reaching a lookup or NATS."""
    # Path parameters may come back percent-encoded ("ses_x%20y").
    hostile = [value for value in (case.path_parameters or {}).values() if unquote(str(value)) in HOSTILE_IDS]
    if hostile and response.status_code not in (401, 404):
        raise AssertionError(f"hostile id {hostile[0]!r} answered {response.status_code}, not 404")
    return None


@schemathesis.check
def error_envelope(ctx, response, case):
    """Every response with status >= 400 is the error envelope, whichever layer sent it."""
    status = response.status_code
    if status < 400:
        return None
    content_type = ",".join(response.headers.get("content-type", []))
    if "application/json" not in content_type:
        raise AssertionError(f"{status} answered with content type {content_type!r}, not the JSON error envelope")
    try:
        body = json.loads(response.content)
    except ValueError as err:
        raise AssertionError(f"{status} answered with a body that is not JSON: {err}") from None
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(body, dict) or body.get("success") is not False or not isinstance(error, dict):
        raise AssertionError(f"{status} answered outside the envelope: {response.content[:300]!r}")
    if error.get("statusCode") != status:
        raise AssertionError(f"envelope statusCode {error.get('statusCode')!r} differs from the HTTP status {status}")
    if not isinstance(error.get("message"), str) or not error["message"]:
        raise AssertionError(f"{status} envelope has no message")
    if not isinstance(error.get("code"), str) or not error["code"].startswith("COMPANION_ERR_"):
        raise AssertionError(f"{status} envelope has no COMPANION_ERR_ code: {error.get('code')!r}")
    try:
        datetime.fromisoformat(str(error.get("timestamp")).replace("Z", "+00:00"))
    except ValueError:
        raise AssertionError(f"{status} envelope timestamp is not a date-time: {error.get('timestamp')!r}") from None
    return None
