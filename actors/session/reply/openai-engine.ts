/**
 * Replies from any OpenAI-compatible `/v1/chat/completions` server (vLLM, Ollama, llama.cpp
 * server, a hosted API), streamed (`stream: true`) and cut into sentences as they arrive. The
 * character's system prompt, description and traits make the system message.
 */
import { request } from 'undici';
import type { ReplyContext, ReplyEngine } from './reply-engine.js';
import { SentenceSplitter } from './sentence-splitter.js';
import { ReplyEngineUnavailable } from '../session-errors.js';

export function systemMessage(ctx: ReplyContext): string {
  const p = ctx.personality;
  return [
    p.systemPrompt || `You are ${ctx.characterName}.`,
    p.description ? `About you: ${p.description}` : '',
    p.traits.length ? `Your traits: ${p.traits.join(', ')}.` : '',
    'Stay in character. Answer in a few short spoken sentences, without lists or markdown.',
  ]
    .filter(Boolean)
    .join('\n');
}

export class OpenAiEngine implements ReplyEngine {
  readonly name: string;

  constructor(
    private readonly baseUrl: string,
    private readonly model: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {
    // Public (session records, session.started): the engine and model, never an internal address.
    this.name = `openai-compatible (${model})`;
  }

  async *reply(ctx: ReplyContext, signal?: AbortSignal): AsyncIterable<string> {
    const messages = [
      { role: 'system', content: systemMessage(ctx) },
      ...ctx.history.map((t) => ({ role: t.role === 'user' ? 'user' : 'assistant', content: t.text })),
      { role: 'user', content: ctx.userText },
    ];
    let res;
    try {
      // Relative to the base URL, so a path prefix (https://host/llm/) is kept.
      res = await request(new URL('v1/chat/completions', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        body: JSON.stringify({ model: this.model, messages, stream: true, max_tokens: 256, temperature: 0.7 }),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: signal ?? AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ReplyEngineUnavailable(`reply engine unreachable: ${(err as Error).message}`);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new ReplyEngineUnavailable(`reply engine answered ${res.statusCode}`);
    }
    yield* this.sentences(res.body);
  }

  /** Parses the SSE stream; a stream that breaks off is the engine's failure, not ours. */
  private async *sentences(body: AsyncIterable<Buffer>): AsyncIterable<string> {
    try {
      yield* this.parse(body);
    } catch (err) {
      if (err instanceof ReplyEngineUnavailable) throw err;
      throw new ReplyEngineUnavailable(`reply stream failed: ${(err as Error).message}`);
    }
  }

  private async *parse(body: AsyncIterable<Buffer>): AsyncIterable<string> {
    const splitter = new SentenceSplitter();
    let pending = '';
    for await (const chunk of body) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const data = line.replace(/^data:\s?/, '').trim();
        if (!line.startsWith('data:') || !data || data === '[DONE]') continue;
        const event = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }>; error?: { message?: string } };
        if (event.error) throw new ReplyEngineUnavailable(`reply engine failed: ${event.error.message ?? 'unknown error'}`);
        const delta = event.choices?.[0]?.delta?.content;
        if (delta) yield* splitter.push(delta);
      }
    }
    yield* splitter.flush();
  }
}
