"""Shared by the model servers: a threaded stdlib HTTP server speaking JSON, with bounded bodies.

The servers are deliberately small: one process per model, an OpenAI-compatible surface, no
framework, so that an operator can swap either one for a GPU server (speaches, Kokoro-FastAPI,
a whisper server) without the service noticing.
"""
import json
import logging
import os
import select
import socket
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")

MAX_BODY_BYTES = int(os.environ.get("SPEECH_SERVER_MAX_BODY_BYTES", str(64 * 1024 * 1024)))

logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")


class HttpError(Exception):
    def __init__(self, status, message, kind="invalid_request_error"):
        super().__init__(message)
        self.status = status
        self.message = message
        self.kind = kind


class ClientGone(Exception):
    """The client closed its connection: nobody is waiting for the answer any more."""


class JsonHandler(BaseHTTPRequestHandler):
    """Routes by (method, path) to `self.routes`; errors in OpenAI's {"error": {...}} shape."""

    protocol_version = "HTTP/1.1"
    routes = {}

    def log_message(self, fmt, *args):  # one line per request on stderr, like the other servers
        logging.getLogger("http").info("%s " + fmt, self.address_string(), *args)

    def _dispatch(self, method):
        handler = self.routes.get((method, self.path.split("?", 1)[0]))
        try:
            if handler is None:
                raise HttpError(404, f"no route {method} {self.path}")
            handler(self)
        except HttpError as err:
            self.send_json(err.status, {"error": {"message": err.message, "type": err.kind}})
        except ClientGone:
            logging.getLogger("http").info("%s %s stopped: the client closed its connection", method, self.path)
        except BrokenPipeError:
            pass
        except Exception as err:  # a model failure must answer, not hang the client
            logging.getLogger("http").exception("request failed")
            self.send_json(500, {"error": {"message": str(err), "type": "server_error"}})

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def stop_if_client_gone(self):
        """Raises ClientGone once the client has closed its connection (the service cancels a
        call so), for a long route to check between steps of its work. The client sends nothing
        more while it waits, so a readable socket with nothing to read is a closed one."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            gone = bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            gone = True
        if gone:
            raise ClientGone()

    def read_body(self):
        length = self.headers.get("Content-Length")
        if length is None:
            raise HttpError(411, "Content-Length is required")
        size = int(length)
        if size > MAX_BODY_BYTES:
            raise HttpError(413, f"body is larger than {MAX_BODY_BYTES} bytes")
        return self.rfile.read(size)

    def read_json(self):
        try:
            body = json.loads(self.read_body() or b"{}")
        except ValueError:
            raise HttpError(400, "body is not JSON")
        if not isinstance(body, dict):
            raise HttpError(400, "body must be a JSON object")
        return body

    def send_bytes(self, status, content_type, data, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, status, value):
        self.send_bytes(status, "application/json", json.dumps(value).encode())


def serve(handler_class, name):
    host = os.environ.get("SPEECH_SERVER_HOST", "127.0.0.1")
    port = int(os.environ.get("SPEECH_SERVER_PORT", "8000"))
    server = ThreadingHTTPServer((host, port), handler_class)
    server.daemon_threads = True
    logging.getLogger(name).info("listening on http://%s:%d", host, port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
