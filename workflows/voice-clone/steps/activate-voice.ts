import fs from 'node:fs/promises';
import path from 'node:path';
import { type EntityManager } from '@mikro-orm/postgresql';
import { engineVoiceName } from '../../../runtime/voices/voice-ids.js';
import { clonedVoiceView } from '../../../runtime/voices/voice-view.js';
import { type VersionRecord } from '../../../runtime/voices/voice-versions.js';
import { type StepContext } from '../context.js';

/** Registers version 1 for synthesis, marks the voice active and emits voice.created. */
export async function activateVoice(ctx: StepContext, input: { voiceId: string; refining: boolean }): Promise<void> {
  await ctx.withVoice('activateVoice', input.voiceId, async (voice, em) => {
    const style = await fs.readFile(path.join(ctx.dir(voice), 'style-v1.bin'));
    const v1 = ((voice.build.versions as VersionRecord[] | undefined) ?? [])[0];
    await ctx.deps.builder.register(engineVoiceName(voice.userId, voice.id, 1), style.toString('base64'), v1?.conversion ?? null);
    if (voice.status === 'active') return; // a retry after the commit below
    const deliveries = await em.transactional(async (tx) => {
      voice.status = 'active';
      voice.version = 1;
      voice.step = input.refining ? 'refining' : 'done';
      voice.activeAt = voice.updatedAt = new Date();
      await tx.flush();
      const recorded = await ctx.deps.events.record(tx as EntityManager, {
        userId: voice.userId,
        mode: voice.mode,
        type: 'voice.created',
        data: { object: clonedVoiceView(voice) },
      });
      return recorded.deliveries;
    });
    await ctx.deps.events.dispatch(deliveries);
    ctx.log.info({ voiceId: voice.id, similarity: voice.similarity, timings: voice.build.timings }, 'cloned voice active');
  });
}
