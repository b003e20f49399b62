/**
 * Turns a model's raw text stream into the sentences a companion may speak. Small models leak
 * template tokens ("<|im_end|>", "<end_of_turn>"), start writing the user's next line ("User: …",
 * "Mr. Novak: …"), act out stage directions ("*smiles*") or repeat themselves until the token
 * limit; none of that should reach a listener. The cleaner:
 *   - removes chat-template tokens, markdown emphasis and stage directions;
 *   - strips the character's own speaker label ("Mira: Hello" → "Hello");
 *   - ends the reply where another speaker's line begins (a label at the start of a line or
 *     sentence) or where a sentence repeats one already said;
 *   - ends the reply after `maxSentences` sentences (the runaway cut; the token cap is the other);
 *   - ends the reply at a sentence that breaks character ("I am ChatGPT", "as an AI language
 *     model"), and reports `brokeCharacter` when that was the first one, so it is asked again;
 *   - ends the reply at a sentence that reads the prompt back, and reports `echoed` when that was
 *     the first one, so it is asked again;
 *   - ends the reply at a sentence the reply guard refuses (reply-guard.ts: "Hi Mira!", a recital
 *     of the persona), and reports `refused` when that was the first one, so it is asked again;
 *     or, where the caller can mend it (a recital cut short), ends the reply with it mended;
 *   - unwraps a reply the model narrated or labelled (reply-label.ts: 'The other person, Mira,
 *     would respond as: "I live alone out there."' → "I live alone out there.", 'You can say: "…"');
 *   - drops sentences the caller calls filler (a bare "Hello!" that answers a question), so what
 *     follows them is the reply, and nothing at all is an empty one.
 * `done` turns true when the reply was ended, so the caller can stop reading the stream.
 */
import { escapeRegExp } from './persona-card.js';
import { namesReply, withoutLabel } from './reply-label.js';
import { SentenceSplitter } from './sentence-splitter.js';

/** Special tokens of the common chat templates (ChatML, Gemma, Llama 2/3, Mistral, Phi). */
const TEMPLATE_TOKEN = /<\|[a-z_]{2,24}\|>|<\/?s>|<(?:start|end)_of_turn>|\[\/?INST\]|<<\/?SYS>>/gi;
/** A speaker label: one to three capitalised words ("User", "Mr. Novak", "Captain Vega") then ":". */
const LABEL = /^((?:(?:Mr|Mrs|Ms|Dr|St)\.\s)?[A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*){0,2}):\s/;
const ROLE_WORDS = /^(user|human|assistant|system|you|me|ai|bot|narrator|companion|model)$/i;

/**
 * The character's name as written, where the model dropped its accents ("Sofia" → "Sofía",
 * "Siobhan" → "Siobhán"): the 0.5B model often does, and the captions show the reply.
 */
function nameSpeller(characterName: string): (sentence: string) => string {
  const fold = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '');
  const fixes = characterName
    .split(/\s+/)
    .filter((w) => fold(w) !== w)
    .map((w) => [new RegExp(`(?<![\\p{L}])${escapeRegExp(fold(w))}(?![\\p{L}])`, 'giu'), w] as const);
  return (sentence) => fixes.reduce((s, [folded, written]) => s.replace(folded, written), sentence);
}

export function stripTemplateTokens(text: string): string {
  return text.replace(TEMPLATE_TOKEN, ' ');
}

/**
 * The instructions' words as a lead-in ended by a comma, not a colon (reply-label.ts reads those):
 * "One or two short sentences in the first person, I am Mira…", "In the first person, …".
 */
const SENTENCES_COMMA = /^(?:(?:in\s+)?(?:one|two|one or two)(?:\s+short)?\s+sentences?\s+)?in\s+the\s+first\s+person\s*,\s*/i;

/** A quotation mark left at either end of a sentence by unwrapping, or by a quote cut into sentences. */
function unquoted(text: string): string {
  // A single mark after the sentence's end mark closes a quotation, where no apostrophe stands.
  const sentence = /(?:^|\s)['‘]\p{L}/u.test(text) ? text : text.replace(/([.!?…])['’]$/u, '$1');
  const straight = (sentence.match(/"/g) ?? []).length;
  const curly = (sentence.match(/[“”]/g) ?? []).length;
  if (straight % 2 === 0 && curly % 2 === 0) return sentence.replace(/^"(.*)"$/s, '$1').replace(/^“(.*)”$/s, '$1');
  return sentence.replace(/^["“]\s*/, '').replace(/\s*["”]$/, '');
}

/** What followed a label, as a sentence of its own: "Give one practical tip: practice walking on deck." (a walk-through). */
function capitalised(rest: string): string {
  return `${rest[0]?.toUpperCase() ?? ''}${rest.slice(1)}`;
}

function normalise(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What the caller reads each sentence for; every one optional. */
export interface ReplyChecks {
  /** It breaks character ("I am ChatGPT"): the reply ends, and as the first sentence it is no reply. */
  breaksCharacter?: (sentence: string) => boolean;
  /** It reads the prompt back ("Give one practical tip, as Hazel would."): the reply ends, and as the first sentence it is no reply. */
  echoes?: (sentence: string) => boolean;
  /** The reply guard refuses it (`opening`: no sentence of the reply spoken before it): the reply ends before it. */
  unfit?: (sentence: string, opening: boolean) => boolean;
  /** It says nothing where it stands (a bare "Hello!" opening an answer): dropped. */
  filler?: (sentence: string) => boolean;
  /** The sentence as it should be said (perspective.ts), before the checks read it. */
  rewrite?: (sentence: string) => string;
  /** A sentence `unfit` refused, made fit (a recital cut short), or undefined: the reply ends with it. */
  mend?: (sentence: string) => string | undefined;
}

/** A sentence's end: its mark, and a closing quote or bracket after it. */
const ENDS_SENTENCE = /[.!?…。！？]["'”’)\]」』）]*$/u;

/** Whether `text` ends a sentence, not breaks off in one ("Once upon a time, in"). */
export function endsSentence(text: string): boolean {
  return ENDS_SENTENCE.test(text);
}

export class ReplyCleaner {
  private splitter = new SentenceSplitter();
  /** The reply ended at a later sentence refused or repeated: it may go on from other words (goOn()). */
  private endedAtRefusal = false;
  /** The last sentence kept: the text may have ended in the middle of one. */
  private lastKept = '';
  private readonly said = new Set<string>();
  private readonly spellName: (sentence: string) => string;
  private held = '';
  private count = 0;
  done = false;
  /** The reply's first sentence broke character: nothing was kept, the caller should ask again. */
  brokeCharacter = false;
  /** The reply's first sentence read the prompt back: nothing was kept, the caller should ask again. */
  echoed = false;
  /** The reply's first sentence, refused by the guard: nothing was kept, the caller should ask again. */
  refused: string | undefined;
  /** The first filler sentence dropped, if any: the reply of last resort. */
  dropped: string | undefined;

  private readonly breaksCharacter: (sentence: string) => boolean;
  private readonly echoes: (sentence: string) => boolean;
  private readonly unfit: (sentence: string, opening: boolean) => boolean;
  private readonly filler: (sentence: string) => boolean;
  private readonly rewrite: (sentence: string) => string;
  private readonly mend: (sentence: string) => string | undefined;
  /** "As Rafael Duarte, I bake broa corn bread." (a walk-through): the role named, then the reply. */
  private readonly asItself: RegExp;
  /** "I, Greta Holm, live with my brother Nils." (a walk-through): its name set after "I". */
  private readonly namedI: RegExp;
  /**
   * Its own name after a colon with nothing said after it ("Answer with the appropriate language:
   * Greta Holm", a walk-through): the model writing the label of a turn, not speech.
   */
  private readonly ownLabelLast: RegExp;

  constructor(
    private readonly characterName: string,
    private readonly maxSentences: number,
    checks: ReplyChecks = {},
  ) {
    this.breaksCharacter = checks.breaksCharacter ?? (() => false);
    this.echoes = checks.echoes ?? (() => false);
    this.unfit = checks.unfit ?? (() => false);
    this.filler = checks.filler ?? (() => false);
    this.rewrite = checks.rewrite ?? ((sentence) => sentence);
    this.mend = checks.mend ?? (() => undefined);
    this.spellName = nameSpeller(characterName);
    const forms = [characterName, ...characterName.split(/\s+/).filter((w) => w.length > 2)].map(escapeRegExp).join('|');
    this.asItself = new RegExp(`^as\\s+(?:${forms}),\\s*`, 'iu');
    this.namedI = new RegExp(`^I,\\s+(?:${forms}),\\s+`, 'u');
    this.ownLabelLast = new RegExp(`:\\s*(?:${forms})\\s*:?\\s*[.!?…]*$`, 'iu');
  }

  push(delta: string): string[] {
    if (this.done) return [];
    let text = this.held + delta;
    // A template token may arrive in pieces ("<|im_" + "end|>"): hold back an unclosed "<" or "[".
    const open = Math.max(text.lastIndexOf('<'), text.lastIndexOf('['));
    if (open !== -1 && open >= text.length - 24 && !/[>\]]/.test(text.slice(open))) {
      this.held = text.slice(open);
      text = text.slice(0, open);
    } else this.held = '';
    return this.accept(this.splitter.push(this.prepare(text)));
  }

  flush(): string[] {
    if (this.done) return [];
    const rest = this.prepare(this.held);
    this.held = '';
    return this.accept([...this.splitter.push(rest), ...this.splitter.flush()]);
  }

  /**
   * The reply goes on with a new sentence that starts with `words` (a story's next beat), after
   * its text ended (flush()) or a later sentence was refused or repeated. False where it may not:
   * it has no sentence yet or all it may have, its text broke off in a sentence, or it ended
   * otherwise (a break of character, the prompt read back, another speaker's line, a mended recital).
   */
  goOn(words: string): boolean {
    if ((this.done && !this.endedAtRefusal) || this.count === 0 || this.count >= this.maxSentences) return false;
    // Words that break off ("Once upon a time, in the") are no sentence to go on after.
    if (!endsSentence(this.lastKept)) return false;
    this.done = false;
    this.endedAtRefusal = false;
    this.held = '';
    this.stopAfterThis = false;
    this.splitter = new SentenceSplitter(); // the refused sentence's rest, if any, is dropped
    this.splitter.push(this.prepare(words));
    return true;
  }

  /**
   * Whether `words`, the opening of the reply's first sentence while the rest is still being
   * written (reply-opening.ts), would be said as they are if they were the whole sentence: nothing
   * kept back yet, and no label, quote, name or perspective to mend. The checks the caller gave
   * are its own to ask (they may record what they see); nothing is recorded here.
   */
  saysAsWritten(words: string): boolean {
    const text = words.replace(/\s+/g, ' ').trim();
    if (this.count > 0 || this.done || LABEL.test(text) || this.ownLabelLast.test(text)) return false;
    return text === words && this.rewrite(this.spellName(unquoted(this.unwrapped(text)))) === text;
  }

  /** Token and markdown removal, and a cut where a new line starts with another speaker's label. */
  private prepare(text: string): string {
    const cleaned = stripTemplateTokens(text)
      .replace(/\*\*([^*\n]+)\*\*/g, '$1') // bold: the words stay
      .replace(/\*[^*\n]{1,80}\*/g, ' ') // stage directions: *smiles*
      .replace(/[*_#`~]+/g, '');
    const lines = cleaned.split('\n');
    for (let i = 1; i < lines.length; i++) {
      const label = LABEL.exec(lines[i]!.trim())?.[1];
      if (label && !this.isOwnLabel(label)) {
        this.stopAfterThis = true;
        return lines.slice(0, i).join('\n') + '\n';
      }
    }
    return cleaned;
  }

  private stopAfterThis = false;

  /** The character's own label, or a label that names the reply ("Answer: You are Priya."). */
  private isOwnLabel(label: string): boolean {
    const name = this.characterName.toLowerCase();
    const l = label.toLowerCase();
    return l === name || name.split(/\s+/).includes(l) || namesReply(label);
  }

  /** The sentence without a label of the reply (reply-label.ts), a leading "As <name>," or the name set after "I,". */
  private unwrapped(sentence: string): string {
    const said = withoutLabel(sentence).replace(SENTENCES_COMMA, '').replace(this.namedI, 'I ');
    const own = said.replace(this.asItself, '');
    return own === sentence ? own : capitalised(own);
  }

  private accept(sentences: string[]): string[] {
    const out: string[] = [];
    for (let sentence of sentences) {
      if (this.done) break;
      if (this.ownLabelLast.test(sentence.trim())) {
        this.done = true;
        break;
      }
      const label = LABEL.exec(sentence)?.[1];
      const anotherSpeaker = label !== undefined && !this.isOwnLabel(label);
      if (label && !anotherSpeaker) sentence = capitalised(sentence.slice(label.length + 1).trim());
      else if (anotherSpeaker && (ROLE_WORDS.test(label) || this.count > 0 || /^(Mr|Mrs|Ms|Dr)\./.test(label))) {
        // Another speaker's line: the reply ends before it.
        this.done = true;
        break;
      }
      sentence = sentence.replace(/\s+/g, ' ').trim();
      // What follows another speaker's label, opening the reply, is not the character's own words to unwrap.
      sentence = this.rewrite(this.spellName(unquoted(anotherSpeaker ? sentence : this.unwrapped(sentence))));
      const key = normalise(sentence);
      // A list's number alone ("Thank you for your advice. 1." in a walk-through) is nothing to say.
      if (!key || /^\d+[.)]?$/.test(sentence)) continue;
      if (this.count === 0 && this.filler(sentence)) {
        this.dropped ??= sentence;
        continue;
      }
      if (this.breaksCharacter(sentence)) {
        // "I am ChatGPT." ends the reply; as the first sentence it is no reply at all.
        this.brokeCharacter = this.count === 0;
        this.done = true;
        break;
      }
      if (this.echoes(sentence)) {
        this.echoed = this.count === 0;
        this.done = true;
        break;
      }
      if (this.said.has(key)) {
        this.done = true; // a repetition loop: what follows would only repeat too
        this.endedAtRefusal = this.count > 0;
        break;
      }
      if (this.unfit(sentence, this.count === 0)) {
        const mended = this.mend(sentence);
        if (mended === undefined || this.said.has(normalise(mended))) {
          if (this.count === 0) this.refused = sentence;
          this.done = true;
          this.endedAtRefusal = this.count > 0;
          break;
        }
        // What followed a recital would recite on: the mended sentence ends the reply.
        out.push(mended);
        this.lastKept = mended;
        this.count += 1;
        this.done = true;
        break;
      }
      this.said.add(key);
      out.push(sentence);
      this.lastKept = sentence;
      this.count += 1;
      if (this.count >= this.maxSentences) this.done = true;
    }
    if (this.stopAfterThis && !this.done) {
      // The text after the cut was never fed to the splitter; what is left in it is the last sentence.
      this.stopAfterThis = false;
      const rest = this.splitter.flush();
      this.done = true;
      for (const s of rest) {
        const clean = this.rewrite(s.replace(/\s+/g, ' ').trim());
        const key = normalise(clean);
        if (key && !this.said.has(key) && this.count < this.maxSentences && !this.unfit(clean, this.count === 0)) {
          this.said.add(key);
          out.push(clean);
          this.lastKept = clean;
          this.count += 1;
        }
      }
    }
    return out;
  }
}
