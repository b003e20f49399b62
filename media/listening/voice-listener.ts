/**
 * Listening to a realtime session's room: every voice in it (a viewer's microphone, RoomVoice) is
 * decoded (VoiceDecoder: Opus → 16 kHz PCM), its speech found frame by frame by Silero VAD
 * (silero-vad.ts), cut into the user's turns (TurnDetector: VOICE_END_OF_TURN_MS of silence, or
 * push-to-talk released), and each turn transcribed by the speech-to-text engine. What was heard
 * is emitted as `heard`; the session's media hands it to the actor through the realtime contract
 * (actors/session/realtime.ts), which takes it as a chat turn. A turn that holds
 * VOICE_BARGE_IN_MS of speech is announced at once as `bargeIn` (the user has taken the floor:
 * the companion stops talking), without waiting for its end or its transcript.
 *
 * A silence inside a turn starts its transcript early: at `turnCheck.pauseMs` of it the turn so
 * far goes to the transcriber, so that the transcript is (nearly) ready when the turn ends, and is
 * announced (`hearing`) so that the reply can start before the turn is over; if the speaker goes
 * on, the early transcript is dropped (`resumed`, when it was announced). With an end-of-turn model
 * (`turnCheck.complete`) the turn so far also goes to the model ("does this sound finished?"): a
 * turn it finds complete, and whose early transcript ends a sentence (turn-completeness.ts), ends
 * there; any other waits for more speech, up to `turnCheck.waitMs` of silence. A model that cannot
 * answer falls back to `endOfTurnMs`.
 *
 * Turns of one voice are transcribed one after another, in order. A turn whose transcript has no
 * words (a cough, a door; Whisper's "[BLANK_AUDIO]") is dropped; so is one the transcriber fails
 * on (logged), as a person would ask again.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { HeardUtterance } from '../../actors/session/realtime.js';
import type { RoomVoice } from '../rooms/room-voice.js';
import { wavFile } from '../speech/wav.js';
import { baseLanguage } from '../../runtime/characters/languages.js';
import { ConversationLanguage } from './conversation-language.js';
import { SileroModel, VAD_FRAME_SAMPLES, VAD_SAMPLE_RATE, type VoiceActivity } from './silero-vad.js';
import { turnComplete } from './turn-completeness.js';
import { TurnDetector, type DetectedTurn, type TurnEvent } from './turn-detector.js';
import { VoiceDecoder } from './voice-decoder.js';

export interface ListeningSettings {
  ffmpegPath: string;
  /** Silence that ends the user's turn (VOICE_END_OF_TURN_MS). */
  endOfTurnMs: number;
  /** Speech within a turn after which the user interrupts the companion (VOICE_BARGE_IN_MS). */
  bargeInMs: number;
  /** While the user speaks, the turn so far is transcribed every this many ms of it (`partial`, live captions); 0: never. */
  interimMs?: number;
  /**
   * The speech-to-text engine: one turn as 16 kHz mono WAV → its text, and the language heard.
   * `language`: the one to hear (ISO 639-1), or `auto` to tell it from the turn. `hint`, with
   * `auto`: the language the conversation is in so far. `caption`: a live caption, wanted soon rather
   * than right (a decode that loops is cut, not done again in a longer window).
   */
  transcribe(wav: Buffer, language: string, options?: { hint?: string | undefined; caption?: boolean }): Promise<HeardText>;
  /** Early transcripts and the end-of-turn model; without, a turn is transcribed once it ended. */
  turnCheck?: TurnCheck | undefined;
  log: Logger;
}

export interface TurnCheck {
  /** Silence after which the turn so far is transcribed and the model asked (VOICE_TURN_CHECK_MS). */
  pauseMs: number;
  /** With the model: the longest silence an unfinished turn waits for more speech (VOICE_TURN_WAIT_MS). */
  waitMs: number;
  /** From this probability on, the model finds the turn complete (it ends if its words end a sentence too). */
  completeAbove: number;
  /** The end-of-turn model (VOICE_TURN_MODEL): the probability that the turn (16 kHz mono WAV) is complete. */
  complete?: ((wav: Buffer) => Promise<number>) | undefined;
}

/** A turn's words and the language they were heard in (when the transcriber says). */
export interface HeardText {
  text: string;
  language?: string | undefined;
  /** How sure the transcriber was of a language it detected (0..1). */
  languageProbability?: number | undefined;
  /** The language the detector found likeliest, where a hint won over it. */
  detectedLanguage?: string | undefined;
}

/**
 * A language detected on a turn's live caption this surely is the one its early and final
 * transcripts are heard in, without detecting it again (a detection costs an encoder pass of the
 * multilingual model, ~120 ms on two cores, on the way to every answer).
 */
const SURE_LANGUAGE = 0.8;

/** What was heard, with where the time went (the conversation benchmark reads these). */
export interface Heard extends HeardUtterance {
  /** Wall-clock ms: the end of the last speech frame, the turn declared over, the transcript back. */
  speechEndedAt: number;
  turnEndedAt: number;
  transcribedAt: number;
  reason: DetectedTurn['reason'];
}

/** The user took the floor (VOICE_BARGE_IN_MS of speech in a turn), with when (wall-clock ms). */
export interface BargeIn {
  viewerId: string;
  /** Where the turn's speech started, and when the listener was sure it is speech. */
  speechStartedAt: number;
  detectedAt: number;
}

/** The part of a room the listener needs (media/rooms/avatar-room.ts). */
export interface ListenedRoom {
  acceptsVoice: boolean;
  on(event: 'voice', listener: (voice: RoomVoice) => void): unknown;
  off(event: 'voice', listener: (voice: RoomVoice) => void): unknown;
}

const FRAME_BYTES = VAD_FRAME_SAMPLES * 2;
const FRAME_MS = (VAD_FRAME_SAMPLES * 1000) / VAD_SAMPLE_RATE;
/** The Opus encoder's delay (the Ogg pre-skip, 312 samples at 48 kHz): the decoder drops it. */
const OPUS_DELAY_MS = 6.5;
/** Silence shorter than this after the last speech frame is still speech, for `partial`'s `speaking`. */
const STILL_SPEAKING_MS = 3 * FRAME_MS;
/** How long a release waits for the audio before it to be decoded, at most. */
const FLUSH_WAIT_MS = 2000;

/** Text that is no speech: empty, only punctuation, or a transcriber's note such as "[BLANK_AUDIO]" or "(music)". */
export function spokenText(transcript: string): string {
  const text = transcript
    .replace(/\[[^\]]*\]|\([^)]*\)|\*[^*]*\*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

/** A turn's audio as the transcriber takes it: 16 kHz mono 16-bit WAV. */
function turnWav(turn: DetectedTurn): Buffer {
  return wavFile({ sampleRateHz: VAD_SAMPLE_RATE, channels: 1, bitsPerSample: 16, data: turn.pcm });
}

export interface ListenerEvents {
  heard: [heard: Heard];
  bargeIn: [bargeIn: BargeIn];
  /** The turn so far, transcribed at a pause (not final: `heard` with the same text, or `resumed`, follows). */
  hearing: [heard: HeardText];
  /**
   * The words so far of a turn still being spoken (live captions; the next partial or the turn
   * replaces them). `speaking`: the user was still speaking when they came back, not already in a
   * pause (whose early transcript is under way).
   */
  partial: [text: string, speaking: boolean];
  resumed: [];
}

export class RoomListener extends EventEmitter<ListenerEvents> {
  private readonly voices = new Set<VoiceListener>();
  /** The language the room's conversation is in so far (with `auto`), kept across its voices. */
  private readonly conversation: ConversationLanguage;
  private readonly onVoice = (voice: RoomVoice) => {
    const listener = new VoiceListener(voice, this.settings, this.language, this, this.conversation);
    this.voices.add(listener);
    voice.once('close', () => this.voices.delete(listener));
  };

  constructor(
    private readonly room: ListenedRoom,
    private readonly settings: ListeningSettings,
    /** The language its voices speak (ISO 639-1), or `auto`: told turn by turn. */
    private readonly language = 'en',
    /** With `auto`: the language the conversation is in so far, heard unless another is detected surely. */
    expects?: string,
  ) {
    super();
    this.conversation = new ConversationLanguage(expects);
    room.acceptsVoice = true;
    room.on('voice', this.onVoice);
    // The voice-activity model loads with the node's first room, not when its user first speaks: the
    // load holds the event loop (0.3 s on two idle cores, about a second under load), which must not
    // fall inside a turn. A load that fails is tried again, and logged, by the voice that needs it.
    SileroModel.shared().catch(() => undefined);
  }

  /** The companion answers in `language` (BCP-47), which its next spoken turn is then expected in. */
  answeredIn(language: string): void {
    this.conversation.answeredIn(baseLanguage(language));
  }

  /** Voices being listened to now. */
  get voiceCount(): number {
    return this.voices.size;
  }

  close(): void {
    this.room.acceptsVoice = false;
    this.room.off('voice', this.onVoice);
    for (const voice of this.voices) voice.close();
    this.voices.clear();
  }
}

/** One voice: decoder → VAD → turns → transcripts. */
class VoiceListener {
  private readonly decoder: VoiceDecoder;
  private readonly detector: TurnDetector;
  private activity: VoiceActivity | undefined;
  /** PCM not yet a whole frame. */
  private partial = Buffer.alloc(0);
  /** Frames (and flushes) waiting for the VAD, in order; `draining` while the loop runs. */
  private readonly queue: Array<Buffer | 'flush'> = [];
  private draining = false;
  /** Wall-clock ms of the last frame received, and where it lies on the stream clock. */
  private lastFrameAt = 0;
  private transcribing: Promise<void> = Promise.resolve();
  /** PCM out of the decoder so far, in ms; a release waiting for the audio before it to come out. */
  private decodedMs = 0;
  private pendingFlush: { atMs: number; timer: NodeJS.Timeout } | undefined;
  /** Stream ms where the turn in progress started its speech. */
  private speechStartMs = 0;
  /** The early transcript of the turn in progress, taken at a pause (for the speech ending at `speechEndMs`). */
  private early:
    | { speechEndMs: number; text: Promise<HeardText>; model: 'unknown' | 'failed' | 'answered'; announced: boolean }
    | undefined;
  /** Stream ms of the turn audio last sent for a partial transcript, and whether one is in flight. */
  private partialAtMs = 0;
  private partialPending = false;
  /** With `auto`: the language the turn starting at `speechStartMs` was surely heard in by a live caption. */
  private turnLanguage: { speechStartMs: number; language: string } | undefined;
  private closed = false;

  constructor(
    private readonly voice: RoomVoice,
    private readonly settings: ListeningSettings,
    private readonly language: string,
    /** Where what is heard goes (the room's listener emits it). */
    private readonly events: EventEmitter<ListenerEvents>,
    /** With `auto`: the language of the room's conversation, which each heard turn's becomes. */
    private readonly conversation: ConversationLanguage,
  ) {
    const log = settings.log.child({ viewerId: voice.viewerId });
    const check = settings.turnCheck;
    this.detector = new TurnDetector({
      endOfTurnMs: check?.complete ? check.waitMs : settings.endOfTurnMs,
      bargeInMs: settings.bargeInMs,
      // At the model's pause it is asked; at endOfTurnMs the turn ends if it could not answer.
      ...(check ? { pausesMs: check.complete ? [check.pauseMs, settings.endOfTurnMs] : [check.pauseMs] } : {}),
    });
    this.decoder = new VoiceDecoder(settings.ffmpegPath, log);
    this.decoder.on('pcm', (chunk) => this.receive(chunk));
    voice.on('rtp', (packet) => this.decoder.write(packet));
    // Push-to-talk released (or the microphone turned off): the speaker says the turn is over, once
    // the audio sent before the release has come out of the decoder (under load it can lag behind).
    voice.on('pause', () => this.flushAfterDecoded());
    voice.once('close', () => {
      this.enqueue('flush');
      this.close();
    });
    SileroModel.shared().then(
      (model) => {
        this.activity = model.stream();
        void this.drain();
      },
      (err: unknown) => log.error({ err }, 'the voice-activity model could not be loaded; this voice is not heard'),
    );
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.pendingFlush?.timer);
    this.voice.close();
    void this.decoder.close();
  }

  private receive(chunk: Buffer): void {
    let pcm = this.partial.length > 0 ? Buffer.concat([this.partial, chunk]) : chunk;
    this.lastFrameAt = Date.now();
    this.decodedMs += (chunk.length / 2 / VAD_SAMPLE_RATE) * 1000;
    while (pcm.length >= FRAME_BYTES) {
      this.enqueue(Buffer.from(pcm.subarray(0, FRAME_BYTES)));
      pcm = pcm.subarray(FRAME_BYTES);
    }
    this.partial = Buffer.from(pcm);
    if (this.pendingFlush && this.decodedMs >= this.pendingFlush.atMs) this.flushNow();
  }

  /**
   * Ends the turn once the decoder has given out the audio written to it so far (less the encoder's
   * delay, which it drops, and a frame's worth), or after FLUSH_WAIT_MS if it never does.
   */
  private flushAfterDecoded(): void {
    if (this.pendingFlush) return; // the earlier release's flush comes first, and covers this one
    const atMs = this.decoder.writtenMs - OPUS_DELAY_MS - FRAME_MS;
    if (this.decodedMs >= atMs) return this.enqueue('flush');
    this.pendingFlush = { atMs, timer: setTimeout(() => this.flushNow(), FLUSH_WAIT_MS) };
  }

  private flushNow(): void {
    if (!this.pendingFlush) return;
    clearTimeout(this.pendingFlush.timer);
    this.pendingFlush = undefined;
    this.enqueue('flush');
  }

  private enqueue(item: Buffer | 'flush'): void {
    this.queue.push(item);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining || !this.activity) return;
    this.draining = true;
    try {
      for (let item = this.queue.shift(); item !== undefined; item = this.queue.shift()) {
        if (item === 'flush') {
          const turn = this.detector.flush();
          if (turn) this.turnEnded(turn);
          continue;
        }
        const samples = new Float32Array(VAD_FRAME_SAMPLES);
        for (let i = 0; i < VAD_FRAME_SAMPLES; i++) samples[i] = item.readInt16LE(i * 2) / 32768;
        const events: TurnEvent[] = this.detector.push(item, await this.activity.probability(samples));
        for (const event of events) {
          if (event.type === 'bargeIn')
            this.events.emit('bargeIn', {
              viewerId: this.voice.viewerId,
              speechStartedAt: this.wallAt(this.speechStartMs),
              detectedAt: Date.now(),
            });
          else if (event.type === 'speech') {
            this.speechStartMs = event.atMs;
            this.partialAtMs = event.atMs;
          } else if (event.type === 'pause') this.paused(event.index, event.turn);
          else this.turnEnded(event.turn);
        }
        if (this.early && this.detector.speechEndMs !== undefined && this.detector.speechEndMs !== this.early.speechEndMs) this.resumed();
        this.maybePartial();
      }
    } catch (err) {
      this.settings.log.error({ err }, 'voice-activity detection failed; this voice is no longer heard');
      this.close();
    } finally {
      this.draining = false;
    }
  }

  /**
   * Stream ms → wall clock: the stream runs in real time, so the newest frame (received at
   * lastFrameAt) sits at the detector's stream position.
   */
  private wallAt(streamMs: number): number {
    return Math.min(Date.now(), this.lastFrameAt - (this.detector.streamMs - streamMs));
  }

  /**
   * While the user is speaking (speech in the last frame), every `interimMs` of the turn: its words so
   * far, for the live caption. Skipped while one is still being transcribed, so partials never pile
   * up ahead of the turn's own transcript; and one whose decode loops is cut rather than decoded
   * again in a longer window, so it never holds that transcript up by a second.
   */
  private maybePartial(): void {
    const every = this.settings.interimMs ?? 0;
    const speechEnd = this.detector.speechEndMs;
    if (every <= 0 || this.partialPending || speechEnd === undefined || speechEnd < this.detector.streamMs) return;
    if (this.detector.streamMs - this.partialAtMs < every) return;
    const turn = this.detector.current();
    if (!turn) return;
    this.partialAtMs = this.detector.streamMs;
    this.partialPending = true;
    void this.transcribeInTurn(turn, { caption: true }).then((transcript) => {
      this.partialPending = false;
      if (this.language === 'auto' && transcript.language && (transcript.languageProbability ?? 0) >= SURE_LANGUAGE)
        this.turnLanguage = { speechStartMs: turn.speechStartMs, language: transcript.language };
      const text = spokenText(transcript.text);
      // Shown whenever it comes back, however loaded the machine: transcriptions run one at a
      // time and in order, so the turn's own words (the early transcript, then `heard`) always
      // come after it and replace it.
      const end = this.detector.speechEndMs;
      const speaking = end !== undefined && this.detector.streamMs - end < STILL_SPEAKING_MS;
      if (text && !this.closed) this.events.emit('partial', text, speaking);
    });
  }

  /**
   * Transcribes `turn` (so far) after the turns before it, in the language a live caption of it
   * surely heard, if any (the promise never rejects: a failure is logged, and reads as no words).
   */
  private transcribeInTurn(turn: DetectedTurn, { caption = false } = {}): Promise<HeardText> {
    const wav = turnWav(turn);
    const text = this.transcribing.then(() => {
      const known = this.turnLanguage?.speechStartMs === turn.speechStartMs ? this.turnLanguage.language : undefined;
      // The conversation's language is the hint; a turn surely heard in another switches it (turnEnded()).
      const hint = this.language === 'auto' && !known ? this.conversation.hint : undefined;
      return this.settings.transcribe(wav, known ?? this.language, { hint, caption });
    });
    this.transcribing = text.then(
      () => undefined,
      () => undefined,
    );
    return text.catch((err: unknown) => {
      this.settings.log.warn({ err }, 'a turn could not be transcribed; it is dropped');
      return { text: '' };
    });
  }

  /**
   * A silence inside the turn: at the first pause the turn so far is transcribed and the model
   * asked; once both answered, a turn they agree is over ends. At the second (endOfTurnMs) the turn
   * ends if the model failed.
   */
  private paused(index: number, turn: DetectedTurn): void {
    const check = this.settings.turnCheck;
    if (!check) return;
    if (index === 1) {
      const early = this.early;
      if (early?.speechEndMs === turn.speechEndMs && early.model === 'failed') this.endNow(turn.speechEndMs);
      return;
    }
    const early = {
      speechEndMs: turn.speechEndMs,
      text: this.transcribeInTurn(turn),
      model: 'unknown' as 'unknown' | 'failed' | 'answered',
      announced: false,
    };
    this.early = early;
    // Announced only while the turn is still this one: not if the speaker went on, or it already ended.
    void early.text.then((transcript) => {
      const text = spokenText(transcript.text);
      if (!text || this.early !== early || this.closed) return;
      early.announced = true;
      this.events.emit('hearing', { text, language: transcript.language });
    });
    const complete = check.complete;
    if (!complete) return;
    const askedAt = Date.now();
    const probability = complete(turnWav(turn)).then(
      (p) => {
        early.model = 'answered';
        return p;
      },
      (err: unknown) => {
        early.model = 'failed';
        this.settings.log.warn({ err }, 'the end-of-turn model did not answer; the turn ends on silence');
        // Already past endOfTurnMs of silence: end it now.
        if (this.detector.streamMs - turn.speechEndMs >= this.settings.endOfTurnMs) this.endNow(turn.speechEndMs);
        return undefined;
      },
    );
    // The turn ends here only when the model and the words agree that it is over.
    void Promise.all([probability, early.text]).then(([p, transcript]) => {
      if (p === undefined) return;
      const evidence = { probability: p, text: spokenText(transcript.text), language: transcript.language ?? this.language };
      const finished = turnComplete(evidence, check.completeAbove);
      this.settings.log.debug({ probability: p, finished, checkMs: Date.now() - askedAt }, 'end-of-turn check');
      if (finished) this.endNow(turn.speechEndMs);
    });
  }

  /** The speaker went on after a pause: its early transcript is not the turn's, and a reply begun on it is dropped. */
  private resumed(): void {
    const early = this.early;
    this.early = undefined;
    if (early?.announced) this.events.emit('resumed');
  }

  /** Ends the turn whose speech ended at `speechEndMs`, if the speaker has not spoken since. */
  private endNow(speechEndMs: number): void {
    if (this.closed) return;
    const turn = this.detector.endNow(speechEndMs);
    if (turn) this.turnEnded(turn);
  }

  private turnEnded(turn: DetectedTurn): void {
    const now = Date.now();
    const timing = { startedAt: this.wallAt(turn.speechStartMs), speechEndedAt: this.wallAt(turn.speechEndMs), turnEndedAt: now };
    // The early transcript is this turn's if no speech came after it; otherwise it is dropped.
    const early = this.early?.speechEndMs === turn.speechEndMs ? this.early.text : undefined;
    this.early = undefined;
    const transcript = early ?? this.transcribeInTurn(turn);
    this.transcribing = this.transcribing.then(async () => {
      try {
        const heard = await transcript;
        const text = spokenText(heard.text);
        const transcribedAt = Date.now();
        this.settings.log.info(
          {
            reason: turn.reason,
            audioMs: Math.round((turn.pcm.length / 2 / VAD_SAMPLE_RATE) * 1000),
            sttMs: transcribedAt - now,
            early: early !== undefined,
            words: text ? text.split(' ').length : 0,
            language: heard.language,
          },
          'a turn was heard',
        );
        if (text && heard.language) this.conversation.heard(heard.language, heard.detectedLanguage);
        if (text)
          this.events.emit('heard', {
            text,
            language: heard.language,
            ...timing,
            endedAt: timing.speechEndedAt,
            transcribedAt,
            reason: turn.reason,
          });
      } catch (err) {
        this.settings.log.warn({ err }, 'a heard turn could not be handed to the session');
      }
    });
  }
}
