/**
 * Turns a voiceId into what synthesis needs: a built-in voice, or an active cloned voice of the
 * same account and mode at its latest version. A cloned voice is (re)registered at the synthesis
 * server before use when it was not registered there recently, so a restarted model server (which
 * holds cloned voices in memory only) gets it back at the next request.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import fs from 'node:fs/promises';
import path from 'node:path';
import { builtInVoice, type BuiltInVoice } from './voice-catalog.js';
import type { VoiceBuilder } from './voice-builder.js';
import type { Mode } from '../db/entities/credentials.js';
import { Voice } from '../db/entities/voice.js';
import { engineVoiceName, synthesisVoiceName, voiceFilesDir } from './voice-ids.js';

const REGISTER_AGAIN_AFTER_MS = 30_000;

export class VoiceResolver {
  private readonly registeredAt = new Map<string, number>();

  constructor(
    private readonly builder: VoiceBuilder,
    private readonly dataDir: string,
  ) {}

  /** The voice, or undefined when it is unknown, not active, or another account's. */
  async resolve(em: EntityManager, userId: string, mode: Mode, voiceId: string): Promise<BuiltInVoice | undefined> {
    const builtIn = builtInVoice(voiceId);
    if (builtIn) return builtIn;
    if (!/^vce_[0-9A-Za-z]+$/.test(voiceId)) return undefined;
    const voice = await em.findOne(Voice, { id: voiceId, userId, mode, status: 'active' });
    if (!voice) return undefined;
    await this.ensureRegistered(voice);
    const nearest = ((voice.build.nearest as Array<{ voice: string }> | undefined) ?? [])[0]?.voice ?? 'af_';
    return {
      voiceId: voice.id,
      name: voice.name,
      gender: nearest[1] === 'm' ? 'male' : 'female',
      accent: voice.lang === 'en-gb' ? 'British' : 'American',
      language: voice.lang === 'en-gb' ? 'en-GB' : 'en-US',
      engine: 'kokoro',
      engineVoice: synthesisVoiceName(voice.userId, voice.id, voice.version, voice.lang),
      sampleRateHz: 24_000,
      timing: 'measured', // the conversion keeps Kokoro's timing (voice_conversion.py)
    };
  }

  /** True when `voiceId` is a voice this account may bind (characters). */
  async isUsable(em: EntityManager, userId: string, mode: Mode, voiceId: string): Promise<boolean> {
    if (builtInVoice(voiceId)) return true;
    if (!/^vce_[0-9A-Za-z]+$/.test(voiceId)) return false;
    return (await em.count(Voice, { id: voiceId, userId, mode, status: 'active' })) > 0;
  }

  private async ensureRegistered(voice: Voice): Promise<void> {
    const name = engineVoiceName(voice.userId, voice.id, voice.version);
    const at = this.registeredAt.get(name);
    if (at !== undefined && Date.now() - at < REGISTER_AGAIN_AFTER_MS) return;
    const style = await fs.readFile(path.join(voiceFilesDir(this.dataDir, voice.userId, voice.id), `style-v${voice.version}.bin`));
    // The version's conversion (pitch, formants) is registered with its style: every synthesis applies it.
    await this.builder.register(name, style.toString('base64'), voice.conversion);
    this.registeredAt.set(name, Date.now());
    if (this.registeredAt.size > 10_000) this.registeredAt.clear();
  }
}
