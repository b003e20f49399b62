/**
 * A minimal web page that embeds the Companion viewer, and the tiny server behind it. The secret
 * key stays here, on the server: the page asks POST /session, the server creates a realtime
 * session with the key and answers only the viewer page's address, which carries the session's
 * browser token (st_, this session only) in its fragment. The page frames it, and the visitor
 * watches, types and talks to the companion there.
 *
 *   COMPANION_API_KEY=sk_live_… node examples/web/server.mjs      # then open http://localhost:8080
 *
 * COMPANION_URL is http://localhost:3000 unless set (the browser loads the viewer from it too);
 * PORT is 8080 unless set (0: any free port, printed). No dependencies: Node 20's fetch and http.
 * It answers this machine only: whoever reaches POST /session spends your key, so a real site lets
 * only its signed-in users ask for a session.
 */
import fs from 'node:fs';
import http from 'node:http';

const companionUrl = (process.env.COMPANION_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const apiKey = process.env.COMPANION_API_KEY;
if (!apiKey) {
  console.error('Set COMPANION_API_KEY to a secret key (npm run -s cli -- bootstrap --email you@example.com prints one).');
  process.exit(1);
}
const page = fs.readFileSync(new URL('./index.html', import.meta.url));

/** The `data` of a successful answer of the Companion API, or an Error naming the envelope's code. */
async function companion(method, path, body) {
  const response = await fetch(`${companionUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.error.statusCode} ${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

let character; // made once, on the first visit
const sessions = new Set(); // the sessions this server opened: the only ones it will end

async function startSession() {
  character ??= await companion('POST', '/characters', {
    name: 'Mira',
    appearance: { hairStyle: 'long', hairColor: '#6b3a1e', eyeColor: '#2e7d5b', backgroundColor: '#3b5b7a' },
    personality: { systemPrompt: 'You are Mira, a cheerful lighthouse keeper. Answer in one or two short sentences.' },
  });
  const session = await companion('POST', '/avatars', { characterId: character.id, realtime: true });
  sessions.add(session.id);
  const fragment = new URLSearchParams({ session: session.id, token: session.clientToken });
  return { sessionId: session.id, viewerUrl: `${companionUrl}/view#${fragment}` };
}

const server = http.createServer(async (request, response) => {
  const send = (status, type, body) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  try {
    if (request.method === 'GET' && request.url === '/') return send(200, 'text/html; charset=utf-8', page);
    if (request.method === 'POST' && request.url === '/session') return send(201, 'application/json', JSON.stringify(await startSession()));
    const end = /^\/session\/(ses_[0-9A-Za-z]+)\/end$/.exec(request.url ?? '');
    if (request.method === 'POST' && end && sessions.delete(end[1])) {
      await companion('DELETE', `/avatars/${end[1]}`);
      return send(200, 'application/json', JSON.stringify({ ended: end[1] }));
    }
    send(404, 'text/plain', 'not found');
  } catch (err) {
    console.error(err.message);
    send(502, 'application/json', JSON.stringify({ error: err.message }));
  }
});

server.listen(Number(process.env.PORT ?? 8080), 'localhost', () => {
  console.log(`open http://localhost:${server.address().port}`);
});
