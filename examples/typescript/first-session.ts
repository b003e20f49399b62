/**
 * A first session with the typed client (@companion/client, clients/typescript): a key of its
 * own, a character, a realtime session you watch in the viewer page, a reply streamed sentence
 * by sentence, then the end of the session.
 *
 * In this checkout, with the service running (./scripts/start.sh) and a key from
 * `npm run -s cli -- bootstrap --email you@example.com`:
 *
 *   COMPANION_API_KEY=sk_live_… node dist/examples/typescript/first-session.js
 *
 * COMPANION_URL is http://localhost:3000 unless set. It prints the viewer page's address and waits
 * for Enter before each step, so you can watch the companion say the reply; with its input
 * closed (`< /dev/null`) it runs straight through.
 */
import readline from 'node:readline/promises';
import { CompanionError, createCompanionClient, ok } from '@companion/client';

const baseUrl = process.env.COMPANION_URL ?? 'http://localhost:3000';
const adminKey = process.env.COMPANION_API_KEY;
if (!adminKey) {
  console.error('Set COMPANION_API_KEY to a secret key (npm run -s cli -- bootstrap --email you@example.com prints one).');
  process.exit(1);
}
const input = readline.createInterface({ input: process.stdin });
const lines = input[Symbol.asyncIterator]();
const pause = async (prompt: string) => {
  console.log(prompt);
  await lines.next(); // Enter, or the end of the input
};

try {
  // A key for this program alone, with only the scopes it needs: revoke it without touching yours.
  const admin = createCompanionClient({ baseUrl, apiKey: adminKey });
  const { data: key } = await ok(
    admin.POST('/api/v1/admin/keys', {
      body: { name: 'first-session example', scopes: ['characters:write', 'sessions:write', 'sessions:read', 'sessions:chat'] },
    }),
  );
  console.log(`key ${key.id} (${key.scopes.join(', ')})`);
  const companion = createCompanionClient({ baseUrl, apiKey: key.secret });

  const { data: character } = await ok(
    companion.POST('/api/v1/characters', {
      body: {
        name: 'Mira',
        appearance: { hairStyle: 'long', hairColor: '#6b3a1e', eyeColor: '#2e7d5b', backgroundColor: '#3b5b7a' },
        personality: {
          description: 'A cheerful lighthouse keeper',
          systemPrompt: 'You are Mira, a cheerful lighthouse keeper. Answer in one or two short sentences.',
          greeting: 'Hello! Welcome to my lighthouse.',
        },
      },
    }),
  );
  console.log(`character ${character.id} (${character.name})`);

  const { data: session } = await ok(companion.POST('/api/v1/avatars', { body: { characterId: character.id, realtime: true } }));
  console.log(`session ${session.id} (realtime, ${session.target_fps} fps)`);

  // A viewer token only watches: safe to put in a link. The page reads it from the URL fragment.
  const { data: viewer } = await ok(
    companion.POST('/api/v1/avatars/{id}/viewer-token', { params: { path: { id: session.id } }, body: { ttlSeconds: 3600 } }),
  );
  console.log(`watch: ${viewer.viewerUrl}`);
  await pause('Open it in a browser ("Click to unmute" to hear her), then press Enter to say hello.');

  process.stdout.write('Mira: ');
  for await (const event of companion.chatStream(session.id, 'Hi! Who are you?')) {
    if (event.type === 'sentence') process.stdout.write(`${event.text} `);
    else console.log(`\n(exchange ${event.reply.exchange}, ${event.reply.reply.sentences.length} sentences)`);
  }

  await pause('Press Enter to end the session.');
  const { data: ended } = await ok(companion.DELETE('/api/v1/avatars/{id}', { params: { path: { id: session.id } } }));
  console.log(`session ${ended.id} ${ended.state} (${ended.endReason})`);
  await ok(admin.DELETE('/api/v1/admin/keys/{id}', { params: { path: { id: key.id } } }));
  console.log(`key ${key.id} revoked`);
} catch (err) {
  // Every refusal carries a stable code: match on it, not on the message.
  if (err instanceof CompanionError) console.error(`${err.status} ${err.code}: ${err.message}`);
  else console.error(err);
  process.exitCode = 1;
} finally {
  input.close();
}
