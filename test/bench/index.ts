/** `npm run bench -- <name>`: runs one benchmark, or all of them without a name. */
import { runApiOverhead } from './api-overhead.js';
import { runAvatar } from './avatar.js';
import { runCapacity } from './capacity.js';
import { runClone } from './clone.js';
import { runConversation } from './conversation.js';
import { runEngineStart } from './engine-start.js';
import { runFirstSentence } from './first-sentence.js';
import { runLanguageHint } from './language-hint.js';
import { runMedia } from './media.js';
import { runMicProcessing } from './mic-processing.js';
import { runModelSpeed } from './model-speed.js';
import { runReplies } from './replies.js';
import { runReplyLength } from './reply-length.js';
import { runReplyWarmup } from './reply-warmup.js';
import { runSessions } from './sessions.js';
import { runSoak } from './soak.js';
import { runSpeech } from './speech.js';
import { runSpeechFirstPiece } from './speech-first-piece.js';
import { runSpeechLanguages } from './speech-languages.js';
import { runTranscription } from './transcription.js';
import { runTurnModel } from './turn-model.js';
import { runTurnTranscript } from './turn-transcript.js';

const benches: Record<string, () => Promise<void>> = {
  'api-overhead': runApiOverhead,
  avatar: runAvatar,
  sessions: runSessions,
  speech: runSpeech,
  'speech-languages': runSpeechLanguages,
  'speech-first-piece': runSpeechFirstPiece,
  'first-sentence': runFirstSentence,
  'language-hint': runLanguageHint,
  media: runMedia,
  replies: runReplies,
  'model-speed': runModelSpeed,
  'warm-up': runReplyWarmup,
  'engine-start': runEngineStart,
  'reply-length': runReplyLength,
  transcription: runTranscription,
  'turn-model': runTurnModel,
  'turn-transcript': runTurnTranscript,
  clone: runClone,
  conversation: runConversation,
  'mic-processing': runMicProcessing,
  capacity: runCapacity,
};
// Long and not a comparison: only on its own (npm run bench -- soak).
const onlyByName: Record<string, () => Promise<void>> = { soak: runSoak };
const name = process.argv[2];
if (name && !benches[name] && !onlyByName[name]) {
  process.stderr.write(`unknown benchmark ${name}; known: ${[...Object.keys(benches), ...Object.keys(onlyByName)].join(', ')}\n`);
  process.exit(2);
}
if (name && onlyByName[name]) await onlyByName[name]();
else for (const [key, run] of Object.entries(benches)) if (!name || key === name) await run();
