/** Picks the reply engine from the configuration (REPLY_ENGINE, REPLY_ENGINE_URL, …). */
import type { Config } from '../../../runtime/config.js';
import { OpenAiEngine } from './openai-engine.js';
import { PersonaEngine } from './persona-engine.js';
import type { ReplyEngine } from './reply-engine.js';

/** `llmUrl` is the embedded language model's address when the stack started one. */
export function createReplyEngine(config: Readonly<Config>, llmUrl: string | undefined): ReplyEngine {
  if (config.replyEngine === 'openai') {
    return new OpenAiEngine(config.replyEngineUrl!, config.replyEngineModel, config.replyEngineApiKey, config.replyEngineTimeoutMs);
  }
  if (config.replyEngine === 'local' && llmUrl) {
    return new OpenAiEngine(llmUrl, 'gemma-3-270m (local)', undefined, config.replyEngineTimeoutMs);
  }
  return new PersonaEngine();
}
