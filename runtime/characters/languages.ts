/**
 * A character's language: a BCP-47 tag ("en", "es", "pt-BR"), checked and written the one way
 * (Intl.getCanonicalLocales: "ES-mx" → "es-MX"), whose language subtag ICU knows by name ("xx" and
 * "qaa" are refused). The names come from ICU too, so every language has its English name (for the
 * reply engine's instructions) and its own ("español", for a user of it), without a table here.
 *
 * Any known language may be a character's: a stronger reply engine (REPLY_ENGINE_URL) speaks many
 * more than the embedded model, whose measured languages docs/CHARACTERS.md lists.
 */

/** The language of a character that gives none. */
export const DEFAULT_LANGUAGE = 'en';

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

function nameOf(tag: string): string | undefined {
  try {
    return englishNames.of(tag);
  } catch {
    return undefined;
  }
}

/** The tag written the one way, or undefined when it is no BCP-47 tag of a known language. */
export function canonicalLanguage(tag: string): string | undefined {
  let canonical: string;
  try {
    [canonical = ''] = Intl.getCanonicalLocales(tag);
  } catch {
    return undefined; // not well-formed ("e", "español", "en_US")
  }
  const base = new Intl.Locale(canonical).language;
  // "und" (undetermined, which ICU refuses to name) and private-use codes have no name: no language to reply in.
  if (base === 'und' || nameOf(base) === undefined) return undefined;
  return canonical;
}

/** The language subtag alone: "pt-BR" → "pt", what a reply's language is compared by. */
export function baseLanguage(tag: string): string {
  try {
    return new Intl.Locale(tag).language;
  } catch {
    return tag.split(/[-_]/)[0]!.toLowerCase();
  }
}

/** "Spanish", "Brazilian Portuguese": the language's English name. */
export function languageName(tag: string): string {
  return nameOf(tag) ?? nameOf(baseLanguage(tag)) ?? tag;
}

/** "español", "français": the language's name in itself. */
export function nativeLanguageName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag) ?? languageName(tag);
  } catch {
    return languageName(tag);
  }
}

/** Whether two tags name the same language, whatever their regions ("es" and "es-MX" do). */
export function sameLanguage(a: string, b: string): boolean {
  return baseLanguage(a) === baseLanguage(b);
}
