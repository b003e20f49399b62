/**
 * What produces the companion's reply. Engines stream the reply sentence by sentence, so the
 * speech pipeline can speak the first sentence while the rest is still being generated.
 */
import type { Personality } from '../../../runtime/db/entities/character.js';

export interface Turn {
  role: 'user' | 'companion';
  text: string;
}

export interface ReplyContext {
  characterName: string;
  personality: Personality;
  /** Earlier turns, oldest first, bounded by SESSION_MEMORY_TURNS. */
  history: Turn[];
  userText: string;
  /**
   * BCP-47 tag of the language to answer in (reply-language.ts): the user's, or the character's
   * when it is fixed to it. Undefined: English, as before characters had a language.
   */
  language?: string | undefined;
  /** BCP-47 tag of the character's own language (its persona's, as a rule); undefined: English. */
  characterLanguage?: string | undefined;
  /**
   * Told once, where an engine can, the reply's opening words (its first breath group) while the
   * rest of its first sentence is still being generated, so that a voice can synthesise them ahead.
   * A hint only: the reply is still the sentences yielded, which may not start with them.
   */
  onOpening?: ((words: string) => void) | undefined;
  /**
   * Told after onOpening, where the engine judged those words as it judges a first sentence and
   * they passed: they may be said now, before the rest of the sentence exists. The first sentence
   * yielded then starts with them; or, where the rest is refused or never comes, the reply is those
   * words alone.
   */
  onOpeningFit?: ((words: string) => void) | undefined;
  /**
   * Told, where an engine streams, the reply's text so far after each piece of it until its first
   * sentence is complete, so that a voice can synthesise the words it starts with ahead; answers
   * those words once it has them. An engine that can continue a reply from words already said (the
   * embedded model) may then have them said at once, as opening words (onOpening, onOpeningFit).
   * A hint only, as onOpening.
   */
  onDraft?: ((text: string) => string | undefined) | undefined;
}

/** What prepare() is given: a turn's context, with the user's words only while they are still speaking. */
export type PrepareContext = Omit<ReplyContext, 'userText'> & { userText?: string | undefined };

export interface ReplyEngine {
  /** Shown in session records so users know what answered them. */
  readonly name: string;
  reply(context: ReplyContext, signal?: AbortSignal): AsyncIterable<string>;
  /**
   * Optional, called when a session starts on a node and after each reply: gets the engine ready
   * for this session's next reply (the local model evaluates the prompt ahead, so the turn does not
   * wait for it). Called again while the user speaks, with their words so far (`userText`, a live
   * caption), which are then evaluated too: the reply to the whole turn evaluates only what follows
   * them. Never throws and never delays the caller: the session does not wait for the promise,
   * which settles when the engine is ready (a benchmark waits for it).
   */
  prepare?(context: PrepareContext): Promise<void> | void;
  /**
   * Optional, called once when a node starts: does the work every process's first replies would
   * otherwise do on a user's turn (warm-up.ts). Resolves with the ms it took; never asks a model.
   */
  warmUp?(): Promise<number>;
}
