/**
 * A label the model writes before its reply instead of only speaking it: 'You could say: "I keep
 * a flask of tea."' (the fact note's own words), 'The other person, Mira, would respond as: "…"',
 * 'Sure, here's one sentence in the first person: "…"', "Here is my answer: I study comets.". Its
 * spellings are endless ("You can say:", "Try saying:", "Response:"), so a label is recognised by
 * its form, and the reply is what follows it:
 *   - a short lead-in, then a colon or a dash, then a quotation that runs to the sentence's end:
 *     the quotation is the reply, unless the lead-in tells of a saying ('My grandmother always
 *     said: "…"'), which makes it words quoted in the reply;
 *   - a short lead-in that names the reply itself (a word of saying, answering, a sentence or a
 *     tip), then a colon: what follows is the reply, unquoted ("Give one practical tip: practice
 *     walking on deck."). Any other colon is the sentence's own: "I have two loves: the sea and my
 *     lamp.", and so is one after its own clause ("I have one answer: no.").
 */

/** The lead-in: no sentence end, quotation or colon in it, save a title's period ("for Dr. Ada Stone"). */
const LEAD = String.raw`((?:[^:;"“”‘.!?—–]|\b(?:Dr|Mr|Mrs|Ms|St)\.)+?)`;
const QUOTED = new RegExp(String.raw`^${LEAD}(?:\s*:|\s+-+|\s*[—–]+)\s*(["“]|['‘](?=\p{L}))(.*)$`, 'u');
const UNQUOTED = new RegExp(String.raw`^${LEAD}\s*:\s*(\S.*)$`, 'u');
/** Longer, a lead-in is a sentence of its own ("One or two short sentences in the first person, one specific detail" is twelve words). */
const MAX_LEAD_WORDS = 14;
/** A lead-in that names the reply: "Answer", "My reply", "Give one practical tip", "One or two sentences", "Try saying". */
const NAMES_REPLY =
  /\b(?:say|says|saying|answer(?:s|ed|ing)?|repl(?:y|ies|ied|ying)|respon(?:d|ds|ded|ding|se|ses)|sentences?|tips?|suggest(?:s|ed|ing|ions?)?|lines?)\b/i;
/**
 * A lead-in that tells what was said, or is said as a habit ("Her reply was short:", "People
 * always say:"): what follows is a saying it tells of, where a label's words are a wish ("You
 * could say:"), an order ("Try saying:") or no clause at all ("Response:").
 */
const TELLS_OF_A_SAYING = /\b(?:said|told|wrote|was|were|always|often|usually|never|sometimes)\b/i;
/** The character's own clause: "I have one answer: …", "I'd say: …". */
const OWN_CLAUSE = /^I\b/;

function short(lead: string): boolean {
  return /\p{L}/u.test(lead) && lead.trim().split(/\s+/).length <= MAX_LEAD_WORDS;
}

/**
 * A lead-in that names the reply (NAMES_REPLY), for a speaker's label at the start of a line or
 * sentence: "Answer: You are Priya." is the reply labelled, "Tomasz: and then?" another speaker.
 */
export function namesReply(label: string): boolean {
  return NAMES_REPLY.test(label);
}

/** The sentence without a label of the reply before it, or the sentence itself when it has none. */
export function withoutLabel(sentence: string): string {
  const quoted = QUOTED.exec(sentence);
  if (quoted && short(quoted[1]!) && !TELLS_OF_A_SAYING.test(quoted[1]!)) {
    const double = /["“]/.test(quoted[2]!);
    const rest = quoted[3]!;
    // A quotation closed before the sentence ends ('Say: "hi" and wave.') is part of a sentence of its own.
    const closedEarly = double ? /["”](?=\s*[\p{L}\p{N}])/u : /['’](?=\s+[\p{L}\p{N}])/u;
    if (!closedEarly.test(rest)) return rest.replace(double ? /["”]\s*([.!?…]*)\s*$/u : /['’]\s*([.!?…]*)\s*$/u, '$1').trim();
  }
  const [, lead, rest] = UNQUOTED.exec(sentence) ?? [];
  if (lead && rest && short(lead) && namesReply(lead) && !OWN_CLAUSE.test(lead) && !TELLS_OF_A_SAYING.test(lead)) return rest;
  return sentence;
}
