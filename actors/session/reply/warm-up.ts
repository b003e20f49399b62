/**
 * A process's first replies, rehearsed when it starts. V8 compiles a regular expression when it is
 * first used and again, to machine code, on its second use; the language packs' patterns
 * (language-packs.ts: thousands of characters, case-insensitive Unicode) and the reply checks' took
 * 10–40 ms each those first two times. A new process's first spoken turn spent about 200 ms on them
 * before its request reached the model, every later turn about 10 ms (docs/BENCHMARKS.md#a-processs-first-turn).
 *
 * So at start the engine answers two lines in every language it has a pack for, each with a canned
 * reply streamed by a loopback server speaking the same chat-completions protocol: every pattern on
 * a turn's way is compiled before a user's turn needs it, and no model's time is spent on it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReplyContext, ReplyEngine } from './reply-engine.js';

/** Per language: a question, a request for the long form, and a reply to both. */
const LINES: Record<string, { question: string; request: string; reply: string }> = {
  en: {
    question: 'What do you do every morning?',
    request: 'Tell me a story about the sea.',
    reply: 'I bake bread every morning. It smells wonderful, and the neighbours come early.',
  },
  es: {
    question: '¿Qué haces cada mañana?',
    request: 'Cuéntame una historia sobre el mar.',
    reply: 'Hago pan cada mañana. Huele de maravilla, y los vecinos vienen temprano.',
  },
  fr: {
    question: 'Que fais-tu chaque matin ?',
    request: 'Raconte-moi une histoire sur la mer.',
    reply: 'Je fais du pain chaque matin. Ça sent merveilleusement bon, et les voisins viennent tôt.',
  },
  it: {
    question: 'Che cosa fai ogni mattina?',
    request: 'Raccontami una storia sul mare.',
    reply: 'Faccio il pane ogni mattina. Ha un profumo meraviglioso, e i vicini arrivano presto.',
  },
  pt: {
    question: 'O que você faz toda manhã?',
    request: 'Conte-me uma história sobre o mar.',
    reply: 'Eu faço pão toda manhã. O cheiro é maravilhoso, e os vizinhos chegam cedo.',
  },
  de: {
    question: 'Was machst du jeden Morgen?',
    request: 'Erzähl mir eine Geschichte über das Meer.',
    reply: 'Ich backe jeden Morgen Brot. Es duftet wunderbar, und die Nachbarn kommen früh.',
  },
  zh: {
    question: '你每天早上做什么？',
    request: '给我讲一个关于大海的故事。',
    reply: '我每天早上烤面包。味道很好，邻居们很早就来了。',
  },
};

/** The languages rehearsed: English and every one with a pack. */
export const WARMED_LANGUAGES = Object.keys(LINES);

/**
 * A loopback chat-completions server that streams `reply()` (word by word) to every request, and
 * answers a request that does not stream with its first word (the engine-start benchmark's model too).
 */
export async function cannedServer(reply: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const { stream } = JSON.parse(body || '{}') as { stream?: boolean };
      const text = reply();
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: text.split(' ')[0] }, finish_reason: 'stop' }] }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const word of text.split(/(?<= )/u))
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: word } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Answers every rehearsal line with `engineAt(url)`, an engine like the service's asking the canned
 * server at `url`; resolves with the time it took. A failure is only a slower first turn: the caller logs it.
 */
export async function rehearseReplies(engineAt: (url: string) => ReplyEngine): Promise<number> {
  const started = performance.now();
  let reply = '';
  const server = await cannedServer(() => reply);
  try {
    const engine = engineAt(server.url);
    for (const [language, lines] of Object.entries(LINES)) {
      reply = lines.reply;
      const ctx: Omit<ReplyContext, 'userText'> = {
        characterName: 'Ada',
        personality: {
          systemPrompt: 'You are Ada, a baker.',
          description: 'A cheerful baker.',
          traits: ['cheerful'],
          greeting: lines.reply,
        },
        history: [{ role: 'companion', text: lines.reply }],
        language,
        characterLanguage: language,
      };
      for (const userText of [lines.question, lines.request])
        for await (const _sentence of engine.reply({ ...ctx, userText })) void _sentence;
    }
  } finally {
    await server.close();
  }
  return performance.now() - started;
}
