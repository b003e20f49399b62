/** Picks the reply engine from the configuration (REPLY_ENGINE, REPLY_ENGINE_URL, LLM_MODEL, …). */
import path from 'node:path';
import type { Config } from '../../../runtime/config.js';
import { OpenAiEngine, type ReplyLimits } from './openai-engine.js';
import { PersonaEngine } from './persona-engine.js';
import type { ReplyEngine } from './reply-engine.js';

export function replyLimits(config: Readonly<Config>): ReplyLimits {
  return {
    maxTokens: config.replyMaxTokens,
    maxSentences: config.replyMaxSentences,
    emptyRetries: config.replyEmptyRetries,
    memoryTokens: config.sessionMemoryTokens,
    temperature: config.replyTemperature,
    long: { maxTokens: config.replyLongMaxTokens, maxSentences: config.replyLongMaxSentences },
  };
}

/** `llmUrl` is the embedded language model's address when the stack started one. */
export function createReplyEngine(config: Readonly<Config>, llmUrl: string | undefined): ReplyEngine {
  const limits = replyLimits(config);
  if (config.replyEngine === 'openai') {
    return new OpenAiEngine(config.replyEngineUrl!, config.replyEngineModel, config.replyEngineApiKey, config.replyEngineTimeoutMs, limits);
  }
  if (config.replyEngine === 'local' && llmUrl) {
    const model = path.basename(config.llmModelPath, '.gguf');
    return new OpenAiEngine(llmUrl, `${model} (local)`, undefined, config.replyEngineTimeoutMs, limits, true);
  }
  return new PersonaEngine();
}
