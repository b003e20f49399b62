/**
 * The part of the conversation the model sees: the latest turns that fit a token budget
 * (SESSION_MEMORY_TOKENS), oldest dropped first, always whole user/companion pairs so the model
 * never sees a reply without its question. Empty turns (a failed generation that slipped through
 * in an older journal) are left out: an empty companion line in the window teaches a small model
 * to answer nothing — the "empty-reply spiral".
 *
 * Tokens are estimated, not counted: the engine may be any OpenAI-compatible server with its own
 * tokenizer. One token per 3 UTF-8 bytes over-counts English (≈4 bytes a token) and roughly fits
 * Spanish or German, so the budget errs on the short side.
 */
import type { Turn } from './reply-engine.js';

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3) + 4; // + the template's per-message overhead
}

/** `costOf`: a turn's tokens in the prompt, when it brings more than its text (a reminder after it). */
export function memoryWindow(history: readonly Turn[], budgetTokens: number, costOf = (t: Turn) => estimateTokens(t.text)): Turn[] {
  const turns = history.filter((t) => t.text.trim() !== '');
  const kept: Turn[] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const cost = costOf(turns[i]!);
    if (used + cost > budgetTokens) break;
    used += cost;
    kept.unshift(turns[i]!);
  }
  // Start at a user turn: a leading companion line whose question was dropped confuses the model.
  while (kept.length > 0 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}
