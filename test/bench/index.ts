/** `npm run bench -- <name>`: runs one benchmark, or all of them without a name. */
import { runApiOverhead } from './api-overhead.js';
import { runAvatar } from './avatar.js';
import { runClone } from './clone.js';
import { runMedia } from './media.js';
import { runReplies } from './replies.js';
import { runReplyWarmup } from './reply-warmup.js';
import { runSessions } from './sessions.js';
import { runSpeech } from './speech.js';
import { runTranscription } from './transcription.js';

const benches: Record<string, () => Promise<void>> = {
  'api-overhead': runApiOverhead,
  avatar: runAvatar,
  sessions: runSessions,
  speech: runSpeech,
  media: runMedia,
  replies: runReplies,
  'warm-up': runReplyWarmup,
  transcription: runTranscription,
  clone: runClone,
};
const name = process.argv[2];
if (name && !benches[name]) {
  process.stderr.write(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}\n`);
  process.exit(2);
}
for (const [key, run] of Object.entries(benches)) if (!name || key === name) await run();
