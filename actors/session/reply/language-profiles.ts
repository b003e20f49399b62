/**
 * What each supported language's text is recognised by, and what its words are made of: its most
 * common function words (articles, pronouns, prepositions, the forms of "be" and "have", question
 * words, greetings), the words of time as common as they are, and the letters only it writes among
 * the supported languages. Data, not rules: language-detector.ts weighs them, persona-facts.ts leaves
 * the function words out when it matches a question to a fact, and a new language is a new entry here.
 *
 * The lists are the words a short spoken turn is made of ("¿Qué haces por la mañana?"), not a
 * corpus's top words: one turn holds a handful of them, which is enough to tell these languages
 * apart; a word two languages share counts for both, by half (language-detector.ts).
 */

export interface LanguageProfile {
  /** Base BCP-47 subtag. */
  language: string;
  /** Function words, lower case, accents as written. */
  words: string;
  /** Letters, lower case, that among the supported languages only this one (or it most) writes. */
  letters: string;
  /**
   * Words as common in a short turn as the function words, so they tell the language too, that name
   * what a line may ask about (the times of day and week: "¿Qué haces por la mañana?"): a fact of the
   * card is found by them (persona-facts.ts), where the function words are left out.
   */
  topics?: string;
  /**
   * The Unicode script the language alone is written in among the supported ones (Mandarin's Han,
   * Hindi's Devanagari): a turn whose letters are mostly of it is in the language, with no words
   * to count (Chinese has no spaces between them).
   */
  script?: string;
}

export const LANGUAGE_PROFILES: readonly LanguageProfile[] = [
  {
    language: 'en',
    words: `the a an and or but of to in on at for with from by about as into than then so if because when where what who whom whose
      which why how is are was were be been being am have has had do does did done will would shall should can could may might must
      i you he she it we they me him her us them my your his its our their mine yours this that these those there here not no yes
      very just also too really please thanks thank hello hi hey bye goodbye what's
      i'm you're it's don't do you're i've can't isn't that's there's let's tell say know like love live work make some any every`,
    letters: '',
    topics: 'morning evening night today tomorrow yesterday',
  },
  {
    language: 'es',
    words: `el la los las un una unos unas y o pero de del al a en con por para sin sobre entre hasta desde que qué quién quien cuál
      cual cómo como cuándo cuando dónde donde por qué porque es son soy eres somos está están estoy estás estamos ser estar fue era
      he has ha hemos han hay tengo tienes tiene tenemos tienen hago haces hace hacer yo tú usted él ella nosotros ellos ellas me te
      se nos le les lo mi mis tu tus su sus muy mucho mucha también ya sí no bien hola gracias adiós buenos buenas
      esto eso este esta ese esa aquí allí más menos todo todos algo nada cada qué te gusta gusta puedo
      puedes quiero quieres vives trabajas llamo llamas llama vivo trabajo`,
    letters: 'ñ¿¡',
    topics: 'días tardes noches mañana hoy ayer',
  },
  {
    language: 'fr',
    words: `le la les un une des et ou mais de du au aux à en dans avec pour par sans sur sous chez que qu qui quoi quel quelle quels
      comment quand où pourquoi parce est sont suis es sommes êtes être était été ai as avons avez ont avoir fais fait faire je tu
      il elle nous vous ils elles me te se moi toi lui leur mon ma mes ton ta tes son sa ses notre votre nos vos ce cet cette ces
      ça c'est très bien aussi oui non ne pas plus bonjour bonsoir salut merci au revoir ici
      là tout tous quelque rien chaque j'ai je suis tu es qu'est-ce est-ce aimes aime peux veux habites travailles appelle appelles habite travaille s'il vous plaît`,
    letters: 'œîû',
    topics: "matin soir aujourd'hui demain hier",
  },
  {
    language: 'it',
    words: `il lo la i gli le un uno una e o ma di del della dei delle a al alla in nel nella con per da dal su tra fra che chi cosa
      quale come quando dove perché è sono sei siamo siete essere era stato ho hai ha abbiamo avete hanno avere faccio fai fa fare
      io tu lui lei noi voi loro mi ti si ci vi mio mia miei mie tuo tua suo sua nostro vostro questo questa quello quella molto
      bene anche sì no non più ciao buongiorno buonasera grazie arrivederci qui qua lì tutto tutti
      qualcosa niente ogni ti piace piace posso puoi voglio vuoi vivi lavori chiami chiamo vivo lavoro`,
    letters: 'ìò',
    topics: 'mattina sera oggi domani ieri',
  },
  {
    language: 'pt',
    words: `o a os as um uma uns umas e ou mas de do da dos das ao aos à às em no na nos nas num numa com por para sem sobre entre até desde que quem
      qual como quando onde porque porquê é são sou és somos está estão estou estás estamos ser estar foi era tenho tens tem temos
      têm faço fazes faz fazer eu tu você ele ela nós eles elas me te se nos lhe meu minha meus minhas teu tua seu sua muito
      muita também já sim não bem olá oi obrigado obrigada adeus bom boa isto isso
      este esta esse essa aqui ali mais menos tudo todos algo nada cada gosta gostas posso podes quero queres vives trabalhas chamo moro trabalho`,
    letters: 'ãõ',
    topics: 'dia tarde noite manhã hoje amanhã ontem',
  },
  {
    language: 'de',
    words: `der die das den dem des ein eine einen einem einer und oder aber von zu in im an am auf für mit aus bei nach über unter
      ohne dass was wer wie wann wo warum welche welcher ist sind bin bist sein war gewesen habe hast hat haben hatte mache machst
      macht machen ich du er sie es wir ihr mich dich mir dir uns euch mein meine dein deine sein seine unser euer sehr gut auch
      ja nein nicht kein keine mehr hallo danke tschüss guten hier dort alles etwas nichts
      jede kannst kann willst will wohnst arbeitest magst heißt heiße wohne arbeite`,
    letters: 'ßäöü',
    topics: 'morgen abend tag heute gestern',
  },
  {
    language: 'nl',
    words: `de het een en of maar van naar in op aan voor met uit bij over onder zonder dat wat wie hoe wanneer waar waarom welke is
      zijn ben bent was geweest heb hebt heeft hebben had doe doet doen ik jij je hij zij ze wij we jullie mij me jou ons mijn
      jouw zijn haar onze heel goed ook ja nee niet geen meer hallo dank bedankt dag goedemorgen goedenavond
      hier daar alles iets niets elke kun kan wil woon woont werk werkt heet`,
    letters: '',
    topics: 'vandaag morgen gisteren',
  },
  { language: 'zh', words: '', letters: '', script: 'Han' },
  { language: 'hi', words: '', letters: '', script: 'Devanagari' },
];

const wordSet = (text: string | undefined) => new Set((text ?? '').split(/\s+/).filter(Boolean));

/** The function words of each language, as sets. */
export const FUNCTION_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  LANGUAGE_PROFILES.map((p) => [p.language, wordSet(p.words)]),
);

/** The words each language is told by (language-detector.ts): its function words and its topics. */
export const TELLING_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  LANGUAGE_PROFILES.map((p) => [p.language, new Set([...wordSet(p.words), ...wordSet(p.topics)])]),
);

/** The languages the detector knows: a turn in another is kept in the session's language. */
export const DETECTABLE_LANGUAGES: readonly string[] = LANGUAGE_PROFILES.map((p) => p.language);
