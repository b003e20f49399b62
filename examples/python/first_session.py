"""A first session with plain `requests`: a character, a realtime session you watch in the viewer
page, a reply streamed sentence by sentence (server-sent events), a line of speech saved as a WAV
file, then the end of the session.

    pip install requests
    COMPANION_API_KEY=sk_live_... python3 examples/python/first_session.py

COMPANION_URL is http://localhost:3000 unless set. It prints the viewer page's address and waits
for Enter before each step; with its input closed (< /dev/null) it runs straight through.
"""

import json
import os
import sys

import requests

BASE_URL = os.environ.get("COMPANION_URL", "http://localhost:3000").rstrip("/")
API_KEY = os.environ.get("COMPANION_API_KEY")


class CompanionError(Exception):
    """A refusal: the envelope's stable `code`, its status and message."""

    def __init__(self, status, error):
        super().__init__(f"{status} {error['code']}: {error['message']}")
        self.status = status
        self.code = error["code"]

    @classmethod
    def of(cls, response):
        try:
            error = response.json()["error"]
        except (ValueError, KeyError):
            error = {"code": "COMPANION_ERR_UNKNOWN", "message": response.text[:200]}
        return cls(response.status_code, error)


def call(http, method, path, **kwargs):
    """The `data` of a successful answer; a CompanionError for the error envelope."""
    response = http.request(method, f"{BASE_URL}/api/v1{path}", timeout=60, **kwargs)
    if not response.ok:
        raise CompanionError.of(response)
    return response.json()["data"]


def chat_stream(http, session_id, text):
    """Yields ("sentence", {"index", "text"}) as the reply is produced, then ("reply", data)."""
    with http.post(
        f"{BASE_URL}/api/v1/avatars/{session_id}/chat",
        json={"text": text},
        headers={"Accept": "text/event-stream"},
        stream=True,
        timeout=120,
    ) as response:
        if not response.ok:
            raise CompanionError.of(response)
        event, data = "message", []
        for line in response.iter_lines(decode_unicode=True):
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
            elif line == "" and data:
                payload = json.loads("\n".join(data))
                if event == "error":  # the stream's last event when the reply fails
                    raise CompanionError(payload["error"]["statusCode"], payload["error"])
                yield event, payload["data"] if event == "reply" else payload
                event, data = "message", []


def pause(prompt):
    print(prompt, flush=True)
    sys.stdin.readline()  # Enter, or the end of the input


def main():
    if not API_KEY:
        sys.exit("Set COMPANION_API_KEY to a secret key (npm run -s cli -- bootstrap --email you@example.com prints one).")
    http = requests.Session()
    http.headers["Authorization"] = f"Bearer {API_KEY}"

    character = call(
        http,
        "POST",
        "/characters",
        json={
            "name": "Mira",
            "appearance": {"hairStyle": "long", "hairColor": "#6b3a1e", "eyeColor": "#2e7d5b", "backgroundColor": "#3b5b7a"},
            "personality": {
                "description": "A cheerful lighthouse keeper",
                "systemPrompt": "You are Mira, a cheerful lighthouse keeper. Answer in one or two short sentences.",
            },
        },
    )
    print(f"character {character['id']} ({character['name']})")

    session = call(http, "POST", "/avatars", json={"characterId": character["id"], "realtime": True})
    print(f"session {session['id']} (realtime)")
    viewer = call(http, "POST", f"/avatars/{session['id']}/viewer-token", json={"ttlSeconds": 3600})
    print(f"watch: {viewer['viewerUrl']}")
    pause('Open it in a browser ("Click to unmute" to hear her), then press Enter to say hello.')

    print("Mira:", end=" ", flush=True)
    for event, data in chat_stream(http, session["id"], "Hi! Who are you?"):
        if event == "sentence":
            print(data["text"], end=" ", flush=True)
        elif event == "reply":
            print(f"\n(exchange {data['exchange']}, {len(data['reply']['sentences'])} sentences)")

    # Speech is plain bytes: a complete WAV file.
    response = http.post(f"{BASE_URL}/api/v1/text-to-speech", json={"text": "Goodbye from the lighthouse!", "voiceId": "en-US-joe"}, timeout=120)
    if not response.ok:
        raise CompanionError.of(response)
    with open("goodbye.wav", "wb") as wav:
        wav.write(response.content)
    print(f"goodbye.wav: {len(response.content)} bytes of {response.headers['Content-Type']}")

    pause("Press Enter to end the session.")
    ended = call(http, "DELETE", f"/avatars/{session['id']}")
    print(f"session {ended['id']} {ended['state']} ({ended['endReason']})")


if __name__ == "__main__":
    try:
        main()
    except CompanionError as err:
        sys.exit(str(err))
