/**
 * The behaviour of one live session. It owns the conversation (a bounded memory of turns, with
 * every turn journalled to PostgreSQL so a restarted or adopted actor continues it), the idle
 * timeout (through the actor runtime) and, for realtime sessions, the frame pacer. It is not what
 * routes call (session-client.ts), nor hosting and placement (session-host.ts, runtime/actors),
 * nor how a session ends (end-session.ts, which it calls).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Behavior } from '../../runtime/actors/actor.js';
import { Character } from '../../runtime/db/entities/character.js';
import { LiveSession, type SessionEndReason } from '../../runtime/db/entities/live-session.js';
import {
  placeholderCharacter,
  sessionView,
  type ReplyStreamEvent,
  type SessionCharacter,
  type SessionMessage,
  type SessionReply,
} from './messages.js';
import { closeSession, type EndSessionDeps } from './end-session.js';
import type { ReplyEngine, Turn } from './reply/reply-engine.js';
import { ReplyEngineUnavailable } from './session-errors.js';
import type { RealtimeMedia, SessionRealtime, SpeechCut } from './realtime.js';
import { splitSentences } from '../../runtime/text/sentences.js';
import { NotAvailableError } from '../../runtime/errors.js';
import { storableText, textProblem } from '../../runtime/text/text-checks.js';
import { expectedLanguage, replyLanguage } from './reply/reply-language.js';
import { baseLanguage } from '../../runtime/characters/languages.js';

/**
 * Viewer signalling of the rooms on this node (media/rooms/viewer-host.ts implements it): the actor
 * attaches its room once created, and reads the viewer count for the session's view.
 */
export interface SessionViewers {
  attach(sessionId: string, room: unknown): void;
  viewerCount(sessionId: string): number;
}

export interface SessionState {
  session: LiveSession;
  character: SessionCharacter;
  memory: Turn[];
}

export interface SessionDeps extends EndSessionDeps {
  engine: ReplyEngine;
  memoryTurns: number;
  /** Opens a realtime session's room to viewers (`viewers.attach(sessionId, room)`) and counts them. */
  viewers: SessionViewers;
  log: Logger;
  /** Realtime media (rooms, encoder, performer); absent where realtime sessions are not served. */
  media?: RealtimeMedia | undefined;
  /** Sends one event of a streamed reply to the caller's subject (a sentence as it is produced); set by the SessionHost. */
  stream?: ((subject: string, event: ReplyStreamEvent) => void) | undefined;
  /** Puts a message in a session's own mailbox here (its media failed underneath it); set by the SessionHost. */
  tell?: ((sessionId: string, msg: SessionMessage) => void) | undefined;
}

/** Loads a session's state from PostgreSQL: the record, its character and the latest turns. */
export async function loadSessionState(deps: SessionDeps, sessionId: string): Promise<SessionState> {
  const em = deps.orm.em.fork() as EntityManager;
  const session = await em.findOneOrFail(LiveSession, { id: sessionId });
  const character = await em.findOne(Character, { id: session.characterId });
  const rows = (await em
    .getConnection()
    .execute('SELECT role, text FROM session_turns WHERE session_id = ? ORDER BY seq DESC LIMIT ?', [
      sessionId,
      deps.memoryTurns,
    ])) as Turn[];
  return {
    session,
    character: character
      ? {
          id: character.id,
          name: character.name,
          personality: character.personality,
          language: character.language,
          languageFixed: character.languageFixed,
          appearance: character.appearance,
        }
      : placeholderCharacter(session.characterId),
    memory: rows.reverse().map((r) => ({ role: r.role, text: r.text })),
  };
}

/** Writes a user turn and the companion's reply, and moves the session's turn count on, at once. */
async function journalTurn(
  em: EntityManager,
  sessionId: string,
  seq: number,
  userText: string,
  text: string,
  interrupted: boolean,
  now: Date,
): Promise<void> {
  await em.transactional(async (tx) => {
    // tx.execute runs in the transaction (getConnection().execute would not).
    await tx.execute(
      'INSERT INTO session_turns (session_id, seq, role, text, interrupted, created_at) VALUES (?, ?, ?, ?, false, ?), (?, ?, ?, ?, ?, ?)',
      [sessionId, seq, 'user', userText, now, sessionId, seq + 1, 'companion', text, interrupted, now],
    );
    await tx.execute('UPDATE live_sessions SET turns = ?, last_activity_at = ? WHERE id = ?', [seq + 2, now, sessionId]);
  });
}

/** A companion turn cut short while it was spoken keeps only what was heard, marked interrupted. */
async function rewriteCompanionTurn(em: EntityManager, sessionId: string, seq: number, heard: string): Promise<void> {
  await em
    .getConnection()
    .execute("UPDATE session_turns SET text = ?, interrupted = true WHERE session_id = ? AND seq = ? AND role = 'companion'", [
      heard,
      sessionId,
      seq,
    ]);
}

/**
 * What was heard of `sentences` (spoken in order) when a barge-in cut them: the sentences before
 * the one playing, and of that one the words whose share of its audio had played.
 */
export function heardText(sentences: readonly string[], cut: SpeechCut): string {
  const unheard = cut.dropped.length + (cut.playing ? 1 : 0);
  const whole = sentences.slice(0, Math.max(0, sentences.length - unheard));
  const parts = [...whole];
  if (cut.playing) {
    const words = cut.playing.sentence.split(/\s+/).filter(Boolean);
    const kept = words.slice(0, Math.floor(words.length * cut.playing.heardFraction));
    if (kept.length > 0) parts.push(kept.join(' '));
  }
  return parts.join(' ').trim();
}

/** The sentences of a reply that was cut (the last one may end mid-sentence). */
function splitHeard(text: string): string[] {
  return text ? splitSentences(text, true).sentences : [];
}

/** How long a held early reply waits for the user's turn to end before it is dropped (the listener always says; a bound all the same). */
const EARLY_DECISION_MS = 10_000;

/** A reply begun on the user's turn so far: whether the turn ended on those words is decided once. */
class EarlyTurn {
  readonly abort = new AbortController();
  /** Whether its `hearing` message has started the reply (held or, once confirmed, playing). */
  started = false;
  /** undefined until decided: true, the turn ended on these words; false, the user went on. */
  settled: boolean | undefined;
  readonly decided: Promise<boolean>;
  private resolve!: (confirmed: boolean) => void;

  constructor(readonly text: string) {
    this.decided = new Promise((resolve) => {
      this.resolve = resolve;
      setTimeout(() => this.decide(false), EARLY_DECISION_MS).unref();
    });
  }

  decide(confirmed: boolean): void {
    if (this.settled !== undefined) return;
    this.settled = confirmed;
    this.resolve(confirmed);
  }
}

export function sessionBehavior(deps: SessionDeps, sessionId: string): Behavior<SessionState, SessionMessage, SessionReply> {
  // The realtime session's media lives with the actor (not in its state, which is rebuilt from
  // the journal on reset): opened when the actor starts or adopts the session, closed when it ends.
  let media: SessionRealtime | undefined;
  const view = (state: SessionState) =>
    sessionView(
      state.session,
      state.character,
      deps.engine.name,
      deps.viewers.viewerCount(sessionId),
      media?.open ? media.describe() : null,
    );

  async function openMedia(state: SessionState): Promise<void> {
    if (!state.session.realtime || state.session.state !== 'open' || media?.open) return;
    if (!deps.media) throw new NotAvailableError('realtime sessions on this node');
    await closeMedia('replaced');
    const { id, userId, mode, voiceId, targetFps } = state.session;
    // Heard in the character's language when it keeps to one; otherwise each turn's language is told from the turn.
    const { language, languageFixed } = state.character;
    const hears = languageFixed ? language.split('-')[0]!.toLowerCase() : 'auto';
    // A prior for the transcriber's unsure detections.
    const expects = hears === 'auto' ? baseLanguage(expectedLanguage(state.character, state.memory)) : undefined;
    const opened = await deps.media.open({
      id,
      userId,
      mode,
      voiceId,
      targetFps,
      appearance: state.character.appearance,
      hears,
      ...(expects ? { expects } : {}),
    });
    deps.viewers.attach(sessionId, opened.room); // viewers reach the room through the viewer host
    opened.onFailure((why) => {
      deps.log.error({ sessionId, why }, 'realtime media failed; the session ends');
      deps.tell?.(sessionId, { type: 'end', reason: 'media_error' }); // through the mailbox, after the message in hand
    });
    opened.onUtterance(({ text, language }) => deps.tell?.(sessionId, { type: 'heard', text, language })); // the user spoke: a turn, through the mailbox
    opened.onBargeIn(() => deps.tell?.(sessionId, { type: 'speechStarted' })); // the user is speaking: the companion stops (preempt)
    opened.onHearing(({ text, language }) => deps.tell?.(sessionId, { type: 'hearing', text, language })); // the turn so far: a reply starts, held
    opened.onResumed(() => deps.tell?.(sessionId, { type: 'resumed' }));
    opened.onPartial((text) => deps.tell?.(sessionId, { type: 'partial', text })); // the words so far: evaluated ahead
    media = opened;
  }

  async function closeMedia(reason: string): Promise<void> {
    const current = media;
    media = undefined;
    await current?.close(reason).catch((err: unknown) => deps.log.warn({ err, sessionId }, 'closing realtime media failed'));
  }

  /**
   * The reply engine gets ready for this session's next turn (the local model evaluates its prompt
   * ahead), with the user's words so far when they are still speaking (`words`, a live caption).
   */
  function prepareEngine(state: SessionState, words?: string): void {
    if (state.session.state !== 'open') return;
    void deps.engine.prepare?.({
      characterName: state.character.name,
      personality: state.character.personality,
      history: state.memory,
      language: expectedLanguage(state.character, state.memory),
      characterLanguage: state.character.language,
      ...(words !== undefined ? { userText: words } : {}),
    });
  }

  /** The session's one end transition: explicit end, idle timeout, media failure or supervisor stop. */
  const end = async (state: SessionState, reason: SessionEndReason): Promise<SessionState> => {
    await closeMedia(reason); // the room closes with the session, whatever the reason (viewers are told it)
    if (state.session.state !== 'open') return state;
    return { ...state, session: await closeSession(deps, state.session, reason) };
  };

  // Barge-in. The reply being generated (if any), what the room is still speaking of the last
  // companion turn, and what a barge-in cut from it, kept until the journal says so.
  let generating: AbortController | undefined;
  let speaking: { seq: number; sentences: string[] } | undefined;
  let cut: SpeechCut | undefined;

  // Early replies. A `hearing` (the spoken turn so far, at a pause) starts a reply whose speech is
  // held until the turn is final: `heard` with the same text plays it, `resumed` (or any other
  // turn) drops it unheard and unjournalled. Decided in `preempt`, as the messages arrive, so that a
  // reply being generated is released or dropped at once, not after it.
  const early = new WeakMap<SessionMessage, EarlyTurn>();
  /** The early turn not yet decided, and the `heard` messages its reply already answered. */
  let pendingEarly: EarlyTurn | undefined;
  const answeredEarly = new WeakSet<SessionMessage>();

  function decideEarly(confirmed: boolean): void {
    const turn = pendingEarly;
    pendingEarly = undefined;
    if (!turn) return;
    turn.decide(confirmed);
    if (confirmed) {
      media?.captionUser(turn.text);
      media?.release();
    } else if (turn.started) {
      turn.abort.abort();
      media?.interrupt(); // only the held reply is queued: the hearing stopped the companion before it
    }
  }

  /** A new user turn arrived: the companion stops talking now (before the turn waits in the mailbox). */
  function bargeIn(): void {
    decideEarly(false);
    generating?.abort();
    const now = media?.interrupt();
    if (now && (now.playing || now.dropped.length > 0)) cut ??= now;
  }

  /** The last companion turn, cut short while it was spoken, keeps in the journal only what was heard. */
  async function settleInterruption(state: SessionState): Promise<SessionState> {
    const was = speaking;
    const what = cut;
    cut = undefined;
    if (!was || !what) return state;
    const heard = heardText(was.sentences, what);
    await rewriteCompanionTurn(deps.orm.em.fork() as EntityManager, sessionId, was.seq, heard).catch((err: unknown) =>
      deps.log.warn({ err, sessionId }, 'could not mark an interrupted turn'),
    );
    const memory = [...state.memory];
    const last = memory.length - 1;
    if (memory[last]?.role === 'companion') memory[last] = { role: 'companion', text: heard };
    return { ...state, memory };
  }

  /** One exchange: the reply streams sentence by sentence into the room and to `streamTo`, then is journalled. */
  async function converse(
    state: SessionState,
    userText: string,
    streamTo: string | undefined,
    earlyTurn?: EarlyTurn,
    /** The language the transcriber heard, for a spoken turn (reply-language.ts). */
    heardLanguage?: string,
  ): Promise<{ state: SessionState; reply: SessionReply }> {
    const sentences: string[] = [];
    const turn = earlyTurn?.abort ?? new AbortController();
    generating = turn;
    // The user's language, or the character's when it keeps to it (reply-language.ts): the reply's, and its voice's.
    const language = replyLanguage(state.character, state.memory, userText, heardLanguage);
    try {
      for await (const sentence of deps.engine.reply(
        {
          characterName: state.character.name,
          personality: state.character.personality,
          history: state.memory,
          userText,
          language,
          characterLanguage: state.character.language,
          // Spoken into the room: its opening words are synthesised while the model writes the rest.
          onOpening: media && ((words: string) => void (turn.signal.aborted || media?.prefetch(storableText(words), language))),
          // …and said at once when they are fit to say as they are, the rest following when it comes.
          onOpeningFit: media && ((words: string) => void (turn.signal.aborted || media?.sayOpening(storableText(words)))),
          // The reply so far, whose first words a voice that cuts out words synthesises ahead.
          onDraft: media && ((text: string) => (turn.signal.aborted ? undefined : media?.prefetchFirstWords(storableText(text), language))),
        },
        turn.signal,
      )) {
        if (turn.signal.aborted) break;
        const clean = storableText(sentence);
        sentences.push(clean);
        media?.speak(clean, language); // spoken into the room as it arrives, before the reply is complete
        if (streamTo) deps.stream?.(streamTo, { sentence: clean, index: sentences.length - 1 });
      }
    } catch (err) {
      if (!turn.signal.aborted) {
        if (err instanceof ReplyEngineUnavailable)
          return { state, reply: { kind: 'error', code: 'engine_unavailable', message: err.message } };
        throw err;
      }
    } finally {
      if (generating === turn) generating = undefined;
    }
    // Begun early, the turn counts only once the user's turn ends on these words.
    if (earlyTurn && !(await earlyTurn.decided)) {
      if (pendingEarly === earlyTurn) decideEarly(false); // undecided past its bound: dropped like a resumed turn
      return { state, reply: { kind: 'view', session: view(state) } };
    }
    const interrupted = turn.signal.aborted;
    // Interrupted, a realtime reply keeps what the room spoke of it; a text reply, what was sent.
    const spokenCut = interrupted && media ? cut : undefined;
    if (interrupted) cut = undefined;
    const text = spokenCut ? heardText(sentences, spokenCut) : sentences.join(' ').trim();
    // An engine that answers nothing has failed the turn: it never enters memory or the journal.
    if (!text && !interrupted)
      return { state, reply: { kind: 'error', code: 'engine_unavailable', message: 'the reply engine produced an empty reply' } };
    const seq = state.session.turns;
    const now = new Date();
    try {
      await journalTurn(deps.orm.em.fork() as EntityManager, sessionId, seq, userText, text, interrupted, now);
    } catch (err) {
      // A turn that cannot be recorded is refused (the state does not move on), and it is
      // not a failure of the actor: the supervisor never counts it, so it never ends the session.
      deps.log.warn({ err, sessionId }, 'could not journal a session turn');
      return { state, reply: { kind: 'error', code: 'journal_failed', message: 'the turn could not be recorded; try again' } };
    }
    if (media && !interrupted) speaking = { seq: seq + 1, sentences };
    await deps.capacity.touch(sessionId);
    const memory = [...state.memory, { role: 'user' as const, text: userText }, { role: 'companion' as const, text }].slice(
      -deps.memoryTurns,
    );
    const session = Object.assign(Object.create(LiveSession.prototype) as LiveSession, state.session, {
      turns: seq + 2,
      lastActivityAt: now,
    });
    const next = { ...state, session, memory };
    // While the reply is spoken and the user reads or listens, the model evaluates the conversation
    // so far: the next turn then evaluates only its own line (an interrupted reply is rewritten to
    // what was heard first, settleInterruption(), and evaluated with the next turn instead).
    if (!interrupted) prepareEngine(next);
    return {
      state: next,
      reply: {
        kind: 'reply',
        session: view(next),
        reply: { text, sentences: spokenCut ? splitHeard(text) : sentences, exchange: Math.floor(seq / 2) + 1, interrupted },
      },
    };
  }

  return {
    idleMessage: { type: 'idleTimeout' },
    // Only conversation keeps a session alive; polling its state does not.
    isActivity: (msg) =>
      msg.type === 'chat' || msg.type === 'heard' || msg.type === 'hearing' || msg.type === 'partial' || msg.type === 'speechStarted',
    // A new user turn interrupts the companion at once, not after the reply in hand (barge-in).
    preempt: (state, msg) => {
      const { userId, mode, state: open } = state.session;
      if (msg.type === 'chat' && msg.owner.userId === userId && msg.owner.mode === mode && open === 'open' && !textProblem(msg.text))
        bargeIn();
      if (msg.type === 'heard' && open === 'open' && !textProblem(msg.text)) {
        // The turn ended on the words a held reply was begun on: it plays now, and answers this turn.
        if (pendingEarly?.text === msg.text) {
          answeredEarly.add(msg);
          decideEarly(true);
        } else bargeIn();
      }
      if (msg.type === 'hearing' && open === 'open' && !textProblem(msg.text)) {
        bargeIn(); // as `heard` would a moment later: the companion stops, and an earlier early turn is dropped
        pendingEarly = new EarlyTurn(msg.text);
        early.set(msg, pendingEarly);
      }
      if (msg.type === 'resumed') decideEarly(false);
      // Spoken, the user interrupts as soon as they start, not once their turn is transcribed.
      if (msg.type === 'speechStarted' && open === 'open') bargeIn();
      // The words so far are evaluated as they come, not after the turn in hand; not while a reply
      // is generated (one begun at a pause holds them already, and the model serves one at a time).
      if (msg.type === 'partial' && open === 'open' && !generating && !textProblem(msg.text)) prepareEngine(state, msg.text);
    },
    // Adopted or reset, a session keeps its idle deadline: it is counted from its last exchange.
    lastActivityAt: (state) => new Date(state.session.lastActivityAt).getTime(),

    // Reset by the supervisor (the media stays open) or adopted from a lost node (a new room here).
    // A room that cannot open here ends the session (media_error) once the actor runs, never
    // leaving an open record that no room serves.
    async recover() {
      const state = await loadSessionState(deps, sessionId);
      try {
        await openMedia(state);
      } catch (err) {
        deps.log.error({ err, sessionId }, 'could not reopen the realtime media of a recovered session; it ends');
        setImmediate(() => deps.tell?.(sessionId, { type: 'end', reason: 'media_error' }));
      }
      prepareEngine(state);
      return state;
    },

    // Stopped by the supervisor after repeated failures: the session ends rather than stranding.
    async onStop(state) {
      await end(state, 'error');
    },

    // Handed to another node (this one stops, or was cut off and another took over): the room
    // here closes and the session goes on there, with a room of its own.
    async release() {
      await closeMedia('moved');
    },

    async handle(state, msg, ctx) {
      switch (msg.type) {
        case 'get':
          return { state, reply: { kind: 'view', session: view(state) } };
        case 'start':
          try {
            await openMedia(state);
          } catch (err) {
            deps.log.error({ err, sessionId }, 'could not open the realtime media of a session');
            return { state, reply: { kind: 'error', code: 'media_unavailable', message: (err as Error).message } };
          }
          // A new realtime session greets its first viewer (the greeting is already its first journalled turn).
          if (media && state.character.personality.greeting && state.session.turns === 1) {
            media.greet(state.character.personality.greeting, state.character.language); // in the character's own language
            speaking = { seq: 0, sentences: [state.character.personality.greeting] };
          }
          prepareEngine(state);
          return { state, reply: { kind: 'view', session: view(state) } };
        case 'end':
        case 'idleTimeout': {
          const reason = msg.type === 'end' ? msg.reason : 'idle';
          const next = await end(state, reason);
          ctx.stop(reason);
          return { state: next, reply: { kind: 'view', session: view(next) } };
        }
        case 'chat': {
          const { userId, mode } = state.session;
          if (msg.owner.userId !== userId || msg.owner.mode !== mode)
            return { state, reply: { kind: 'error', code: 'not_found', message: 'no such session' } };
          if (state.session.state !== 'open') return { state, reply: { kind: 'error', code: 'closed', message: 'this session has ended' } };
          // Refused before the model runs: a turn that could never be journalled (the HTTP edge
          // refuses it first; this covers a turn that reaches the actor another way).
          const problem = textProblem(msg.text);
          if (problem) return { state, reply: { kind: 'error', code: 'invalid_input', message: `text ${problem}` } };
          media?.captionUser(msg.text); // every page watching sees the typed turn too
          return converse(await settleInterruption(state), msg.text, msg.streamTo);
        }
        case 'hearing': {
          const turn = early.get(msg);
          if (!turn || turn.settled === false || state.session.state !== 'open')
            return { state, reply: { kind: 'view', session: view(state) } };
          turn.started = true;
          if (turn.settled === undefined) media?.hold(); // not final yet: the reply waits for the turn's end
          return converse(await settleInterruption(state), msg.text, undefined, turn, msg.language);
        }
        case 'resumed':
        case 'partial':
          return { state, reply: { kind: 'view', session: view(state) } };
        case 'heard': {
          // Spoken, not typed: the same turn (the room's viewers see both sides as captions).
          if (answeredEarly.has(msg)) return { state, reply: { kind: 'view', session: view(state) } };
          if (state.session.state !== 'open') return { state, reply: { kind: 'error', code: 'closed', message: 'this session has ended' } };
          const problem = textProblem(msg.text);
          if (problem) return { state, reply: { kind: 'error', code: 'invalid_input', message: `text ${problem}` } };
          media?.captionUser(msg.text);
          return converse(await settleInterruption(state), msg.text, undefined, undefined, msg.language);
        }
        case 'speechStarted': {
          // The preempt stopped the companion; the journal keeps only what was heard of it, now.
          const next = await settleInterruption(state);
          return { state: next, reply: { kind: 'view', session: view(next) } };
        }
      }
    },
  };
}
