/**
 * GET /api/v1/status — public service status, limited per address and cached for
 * STATUS_CACHE_MS (15 s): every caller within the window gets the same document, so a crowd
 * refreshing a status page cannot turn into load on the databases.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors, Ok } from '../schemas/common.js';

const ComponentState = Type.Union([Type.Literal('operational'), Type.Literal('down')]);
const StatusBody = Type.Object({
  status: Type.Union([Type.Literal('operational'), Type.Literal('degraded')]),
  version: Type.String(),
  components: Type.Object({
    api: ComponentState,
    database: ComponentState,
    cache: ComponentState,
    messaging: ComponentState,
    workflows: ComponentState,
    speechSynthesis: Type.Optional(ComponentState),
    speechTranscription: Type.Optional(ComponentState),
    replies: Type.Optional(ComponentState),
  }),
  generatedAt: Type.String({ format: 'date-time' }),
});

const statusRoutes: FastifyPluginAsyncTypebox<{ version: string }> = async (app, opts) => {
  const cacheMs = app.services.config.statusCacheMs;
  let cached: { body: { success: true; data: typeof StatusBody.static }; at: number } | undefined;
  let refreshing: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const [checks, models] = await Promise.all([app.services.health.check(), app.services.health.checkModels()]);
    const state = (up: boolean) => (up ? ('operational' as const) : ('down' as const));
    const model = (m: (typeof models)[keyof typeof models]) => (m ? state(m.status === 'up') : undefined);
    const components = {
      api: 'operational' as const,
      database: state(checks.postgres.status === 'up'),
      cache: state(checks.redis.status === 'up'),
      messaging: state(checks.nats.status === 'up'),
      workflows: state(checks.temporal.status === 'up'),
      ...(models.speechSynthesis ? { speechSynthesis: model(models.speechSynthesis)! } : {}),
      ...(models.speechTranscription ? { speechTranscription: model(models.speechTranscription)! } : {}),
      ...(models.languageModel ? { replies: model(models.languageModel)! } : {}),
    };
    const degraded = Object.values(components).some((c) => c !== 'operational');
    const now = Date.now();
    cached = {
      at: now,
      body: {
        success: true,
        data: {
          status: degraded ? 'degraded' : 'operational',
          version: opts.version,
          components,
          generatedAt: new Date(now).toISOString(),
        },
      },
    };
  }

  app.get(
    '/status',
    {
      config: { auth: 'public', publicLimitFailOpen: true },
      schema: {
        summary: 'Service status (public, cached 15 s)',
        tags: ['platform'],
        response: { 200: Ok(StatusBody), ...errors(429) },
      },
    },
    async (_request, reply) => {
      if (!cached || Date.now() - cached.at >= cacheMs) {
        // One refresh at a time: concurrent callers wait for the same probe.
        refreshing ??= refresh().finally(() => {
          refreshing = undefined;
        });
        await refreshing;
      }
      const entry = cached!;
      const ageS = Math.floor((Date.now() - entry.at) / 1000);
      reply.header('Cache-Control', `public, max-age=${Math.max(0, Math.floor(cacheMs / 1000) - ageS)}`);
      reply.header('Age', ageS);
      return entry.body;
    },
  );
};

export default statusRoutes;
