/** Picks the reply engine from the configuration (REPLY_ENGINE, REPLY_ENGINE_URL, …). */
import type { Config } from '../../../runtime/config.js';
import { OpenAiEngine } from './openai-engine.js';
import { PersonaEngine } from './persona-engine.js';
import type { ReplyEngine } from './reply-engine.js';

export function createReplyEngine(config: Readonly<Config>): ReplyEngine {
  if (config.replyEngine === 'openai') {
    return new OpenAiEngine(config.replyEngineUrl!, config.replyEngineModel, config.replyEngineApiKey, config.replyEngineTimeoutMs);
  }
  return new PersonaEngine();
}
