/**
 * A persona card written in the third person, in the character's own words, for a language whose
 * pack says how (LanguagePack.thirdPerson):
 *
 *   "Elle affine des saint-marcellin dans sa cave, fait du vélo le long du Rhône le dimanche et vit
 *    avec son chat, Pistache."
 *     → "J'affine des saint-marcellin dans ma cave." "Je fais du vélo le long du Rhône le dimanche."
 *       "Je vis avec mon chat, Pistache."
 *   "Ana toca samba num bar do Pelourinho às sextas e tem um cachorro chamado Feijão."
 *     → "Toco samba num bar do Pelourinho às sextas." "Tenho um cachorro chamado Feijão."
 *   "Su hermano Manuel reparte el pan en bicicleta." → "Mi hermano Manuel reparte el pan en bicicleta."
 *
 * and a card written to the character, in the second person (ThirdPersonForms.addressed):
 *
 *   "Cada mañana horneas pan de aceite." → "Cada mañana horneo pan de aceite."
 *   "Tu t'occupes de ta cave." → "Je m'occupe de ma cave."
 *
 * Why: a fact of the card is noted to the model as what the character could say (openai-engine.ts),
 * and the 0.5B default copies it as it is: "Ana toca samba num bar do Pelourinho às sextas e tem um
 * cachorro chamado Feijão." answered "What do you do on Fridays?", the whole sentence in the third
 * person. The English card has its own rules (persona-card.ts); these read no grammar but the
 * pack's data: the character as a sentence's subject (its name or a subject pronoun first), the
 * verb after it (past a reflexive or a negation) in the first person by the pack's irregular forms
 * or its endings, the clauses that share that subject (clausesOf()), and the character's
 * possessives. A sentence they cannot put in the first person whole is left as written, as before.
 */
import { escapeRegExp, nameForms } from './persona-card.js';
import type { SecondPersonForms, ThirdPersonForms } from './language-packs.js';

/** A word of the text, with its apostrophe ("s'occupe" is "s'" and "occupe"). */
const WORD = /[\p{L}\p{M}]+['’]?/gu;
/** A sentence of the card: up to its end mark. */
const SENTENCES = /[^.!?]+[.!?]*/gu;

/** A word as the pack's data writes it: lower case, its apostrophe straight. */
const lowerWord = (word: string) => word.toLowerCase().replace('’', "'");
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** `text` with each of its `words` (matches of WORD) that `swap` gives a form for (by index) replaced by it. */
function swapWords(text: string, words: readonly RegExpMatchArray[], swap: (index: number) => string | undefined): string {
  let out = '';
  let last = 0;
  for (const [i, w] of words.entries()) {
    const form = swap(i);
    if (form === undefined) continue;
    out += text.slice(last, w.index) + form;
    last = w.index! + w[0].length;
  }
  return out + text.slice(last);
}

/** The first-person form of a verb of the third person, or undefined when the word is no such verb by the pack's data. */
export function firstPersonVerb(word: string, forms: ThirdPersonForms, functionWords: ReadonlySet<string>): string | undefined {
  const lower = word.toLowerCase();
  const irregular = forms.verbs[lower];
  if (irregular !== undefined) return irregular;
  if (functionWords.has(lower) || lower in forms.possessives || lower in forms.reflexives) return undefined;
  // A stem of two letters at least before a one-letter ending ("va" is no verb by "-a"), of one before a longer ending ("vit").
  for (const [from, to] of forms.endings)
    if (lower.endsWith(from) && lower.length - from.length >= (from.length > 1 ? 1 : 2)) return lower.slice(0, -from.length) + to;
  return undefined;
}

/**
 * The first-person form of a verb of the second person (`afterFunctionWord`: the word before it is
 * a function word), or undefined when the word is no such verb by the pack's data. Its endings are
 * also plural nouns' ("-as", "-es", Italian "-i"): a word after an article or a preposition ("las
 * tardes", "los molletes") is taken for a noun, and a stem must keep three letters but right after the
 * pronoun ("tu vis").
 */
function secondPersonVerb(
  word: string,
  forms: SecondPersonForms,
  functionWords: ReadonlySet<string>,
  afterFunctionWord = false,
  /** Right after the pronoun of address ("tu vis"), where only a verb can stand: any stem. */
  afterPronoun = false,
): string | undefined {
  const lower = word.toLowerCase();
  const irregular = forms.verbs[lower];
  if (irregular !== undefined) return irregular;
  if (afterFunctionWord || functionWords.has(lower) || lower in forms.possessives || lower in forms.reflexives) return undefined;
  for (const [from, to] of forms.endings)
    if (lower.endsWith(from) && lower.length - from.length >= (afterPronoun ? 1 : 3)) return lower.slice(0, -from.length) + to;
  return undefined;
}

/** Words a sentence written to the character may open with before its verb: "Cada mañana", "Los domingos", "En verano". */
const MAX_WORDS_BEFORE_VERB = 3;

interface Language {
  forms: ThirdPersonForms;
  functionWords: ReadonlySet<string>;
}

/**
 * The clause (its subject already left out) in the first person: the words before its verb that stay
 * or turn (a negation, a reflexive), the verb, then the rest with the character's possessives. Undefined
 * when no verb of the pack's data comes where it should.
 */
function clauseInFirstPerson(clause: string, { forms, functionWords }: Language): string | undefined {
  const words = [...clause.matchAll(WORD)];
  const lower = words.map((w) => lowerWord(w[0]));
  let at = 0;
  while (at < words.length && (forms.keep.includes(lower[at]!) || lower[at]! in forms.reflexives)) at++;
  const verb = words[at];
  if (!verb) return undefined;
  const form = firstPersonVerb(verb[0], forms, functionWords);
  if (form === undefined) return undefined;
  const out = swapWords(clause, words, (i) => (i === at ? form : i < at ? forms.reflexives[lower[i]!] : forms.possessives[lower[i]!]));
  const subject = forms.subject;
  const said = subject ? (/^[aeiouhyàâéèêëîïôûüœæ]/iu.test(out) ? subject.elided : `${subject.word} `) + out : out;
  return `${capitalised(said).replace(/[\s,;:]+$/u, '')}.`;
}

/**
 * A sentence written to the character ("Los domingos vas al mercado con tu hija") in the first
 * person ("Los domingos voy al mercado con mi hija"): its verb, the first of its first words that is
 * one of the second person by the pack's data (after the pronoun of address, where the language
 * needs one); a reflexive before it, its possessives, and a verb of the same subject after "and"
 * (one the pack lists, or one by its endings before a function word). Undefined when no such verb
 * comes where it should.
 */
function addressedInFirstPerson(body: string, { forms, functionWords }: Language): string | undefined {
  const second = forms.addressed;
  if (!second) return undefined;
  const words = [...body.matchAll(WORD)];
  const lower = words.map((w) => lowerWord(w[0]));
  let pronoun: number | undefined;
  let verbAt: number | undefined;
  let form: string | undefined;
  let lead = 0;
  for (let i = 0; i < words.length && verbAt === undefined; i++) {
    const word = lower[i]!;
    if (pronoun === undefined && second.pronouns.includes(word)) {
      pronoun = i;
      continue;
    }
    if (forms.keep.includes(word) || word in second.reflexives) continue;
    const before = lower[i - 1];
    const afterFunctionWord =
      before !== undefined &&
      functionWords.has(before) &&
      !forms.keep.includes(before) &&
      !(before in second.reflexives) &&
      i - 1 !== pronoun;
    // A capital inside the sentence is a name ("En Triana vendes…"), no verb.
    const mayBeVerb = pronoun !== undefined || !second.pronounNeeded;
    form =
      mayBeVerb && !(i > 0 && /^\p{Lu}/u.test(words[i]![0]))
        ? secondPersonVerb(words[i]![0], second, functionWords, afterFunctionWord, pronoun !== undefined)
        : undefined;
    if (form !== undefined) verbAt = i;
    // After the pronoun the verb comes next (past a negation or a reflexive).
    else if (pronoun !== undefined || ++lead > MAX_WORDS_BEFORE_VERB) return undefined;
  }
  if (verbAt === undefined) return undefined;
  const and = new Set(forms.and);
  // A verb of the same subject after "and": one the pack lists, or one by its endings before a function word ("y vendes el pescado", not "y molletes antes").
  const joinedVerb = (i: number) =>
    and.has(lower[i - 1]!) && (Object.hasOwn(second.verbs, lower[i]!) || functionWords.has(lower[i + 1] ?? ''))
      ? secondPersonVerb(words[i]![0], second, functionWords)
      : undefined;
  let out = swapWords(body, words, (i) => {
    const word = lower[i]!;
    return i === pronoun
      ? (forms.subject?.word ?? '')
      : i === verbAt
        ? form
        : i < verbAt && i > (pronoun ?? -1)
          ? second.reflexives[word]
          : i > verbAt
            ? (joinedVerb(i) ?? second.possessives[word])
            : second.possessives[word];
  });
  out = out.trim().replace(/\s+/gu, ' ');
  // "je aime" → "j'aime".
  const subject = forms.subject;
  if (subject)
    out = out.replace(new RegExp(`(^|\\s)${escapeRegExp(subject.word)}\\s+(?=[aeiouhyàâéèêëîïôûüœæ])`, 'iu'), `$1${subject.elided}`);
  return `${capitalised(out)}.`;
}

/**
 * The pieces of a sentence at its commas and words of "and" before a lower-case word, joined again
 * where the piece after one does not open with a verb of the pack's data (past a negation or a
 * reflexive) before a function word: "pan de aceite y molletes" stays one, as does "son chat,
 * Pistache". After a comma, what follows is as often a noun ("Ana Costa, professora de música"): a
 * verb there opens a clause when the pack lists it, or when a clause after "and" follows (a list of
 * what the character does: "tient une librairie, lit des polars et vit avec son chien").
 */
function clausesOf(sentence: string, language: Language): string[] {
  const { forms, functionWords } = language;
  const and = forms.and.map(escapeRegExp).join('|');
  const parts = sentence.split(new RegExp(`(,\\s+(?:(?:${and})\\s+)?(?=\\p{Ll})|\\s+(?:${and})\\s+(?=\\p{Ll}))`, 'u'));
  const pieces = [];
  for (let i = 1; i < parts.length; i += 2) {
    const words = (parts[i + 1]!.match(WORD) ?? []).map(lowerWord);
    const at = words.findIndex((w) => !forms.keep.includes(w) && !(w in forms.reflexives));
    const [verb, next] = at < 0 ? [] : [words[at], words[at + 1]];
    const verbal =
      verb !== undefined && firstPersonVerb(verb, forms, functionWords) !== undefined && (next === undefined || functionWords.has(next));
    pieces.push({
      separator: parts[i]!,
      piece: parts[i + 1]!,
      afterAnd: /\p{L}/u.test(parts[i]!),
      verbal,
      listed: verb !== undefined && verb in forms.verbs,
    });
  }
  const clauses = [parts[0]!];
  for (const [i, p] of pieces.entries()) {
    const opens = p.verbal && (p.afterAnd || p.listed || pieces.slice(i + 1).some((later) => later.afterAnd && later.verbal));
    if (opens) clauses.push(p.piece);
    else clauses[clauses.length - 1] += p.separator + p.piece;
  }
  return clauses;
}

/** A clause of the card as written, and as the character says it. */
export interface CardClause {
  written: string;
  said: string;
}

/**
 * The card's sentences, each sentence whose subject is the character one clause at a time with the
 * clause in the first person, and each sentence opening with the character's possessive ("Su
 * hermano…") in it; the others as written. `name`: the character's, any of whose forms may be the
 * subject. A question is matched with the words as written ("¿Qué vendes?" shares "vend-" with
 * "vende", not with "vendo"), and answered with the words as said.
 */
export function firstPersonClauses(card: string, name: string, forms: ThirdPersonForms, functionWords: ReadonlySet<string>): CardClause[] {
  const language = { forms, functionWords };
  const subject = new RegExp(`^\\s*(?:${[...nameForms(name), ...forms.pronouns].map(escapeRegExp).join('|')})(?![\\p{L}\\p{M}])\\s*`, 'iu');
  const impersonal = forms.impersonal?.length
    ? new RegExp(`^(?:${forms.impersonal.map(escapeRegExp).join('|')})(?![\\p{L}\\p{M}])`, 'iu')
    : undefined;
  const out: CardClause[] = [];
  for (const match of card.matchAll(SENTENCES)) {
    const sentence = match[0].trim();
    if (!sentence) continue;
    const body = sentence.replace(/[.!?]+$/u, '');
    const named = impersonal?.test(body) ? null : subject.exec(body);
    const addressed = named || impersonal?.test(body) ? undefined : addressedInFirstPerson(body, language);
    if (addressed) {
      out.push({ written: sentence, said: addressed });
      continue;
    }
    const written = named ? clausesOf(body.slice(named[0].length), language) : [];
    const said = written.map((c) => clauseInFirstPerson(c, language));
    if (named && said.every((c) => c !== undefined)) {
      out.push(...written.map((c, i) => ({ written: `${c.replace(/[\s,;:]+$/u, '')}.`, said: said[i]! })));
      continue;
    }
    const opening = (body.match(WORD) ?? [])[0];
    const own = opening !== undefined && opening.toLowerCase() in forms.possessives;
    out.push({ written: sentence, said: own ? possessivesInFirstPerson(sentence, forms) : sentence });
  }
  return out;
}

/** The character's possessives of a sentence in the first person ("Su hermano Manuel…" → "Mi hermano Manuel…"). */
function possessivesInFirstPerson(sentence: string, forms: ThirdPersonForms): string {
  return sentence.replace(WORD, (w) => {
    const form = forms.possessives[lowerWord(w)];
    if (form === undefined) return w;
    return w[0] === w[0]!.toUpperCase() ? capitalised(form) : form;
  });
}
