import test from 'ava';
import { ConversationLanguage } from '../../media/listening/conversation-language.js';

test("the conversation's language is the next turn's hint, from the one expected to the one each turn is heard in", (t) => {
  const conversation = new ConversationLanguage('es');
  t.is(conversation.hint, 'es');
  conversation.heard('es', 'es');
  t.is(conversation.hint, 'es');
  // Heard surely in French: the user switched, and the next turn is expected in French.
  conversation.heard('fr', 'fr');
  t.is(conversation.hint, 'fr');
  // A transcriber that reports no detection (the language was given) keeps the hint.
  conversation.heard('fr');
  t.is(conversation.hint, 'fr');
  t.is(new ConversationLanguage().hint, undefined);
});

test('a reply in another language (to a typed turn) moves the conversation there, and clears a doubt', (t) => {
  const conversation = new ConversationLanguage('es');
  conversation.heard('es', 'pt');
  conversation.answeredIn('es');
  t.is(conversation.hint, undefined);
  conversation.answeredIn('fr');
  t.is(conversation.hint, 'fr');
});

test("a turn heard in the conversation's language only thanks to the hint leaves the next turn without one", (t) => {
  const conversation = new ConversationLanguage('es');
  // The detector found Portuguese likelier; the hint kept Spanish.
  conversation.heard('es', 'pt');
  t.is(conversation.hint, undefined);
  // The next turn, detected alone, is Spanish after all: the hint is back.
  conversation.heard('es', 'es');
  t.is(conversation.hint, 'es');
  // Or the user had switched, and the detection follows them.
  conversation.heard('es', 'pt');
  conversation.heard('pt', 'pt');
  t.is(conversation.hint, 'pt');
});
