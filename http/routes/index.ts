/** Every route under /api/v1, in one list. */
import type { FastifyPluginAsync } from 'fastify';
import analyticsRoutes from './analytics.js';
import avatarRoutes from './avatars.js';
import sessionTokenRoutes from './session-tokens.js';
import accountRoutes from './account.js';
import billingRoutes from './billing.js';
import characterRoutes from './characters.js';
import demoRoutes from './demo.js';
import speechRoutes from './speech.js';
import voiceRoutes from './voices.js';
import webhookRoutes from './webhooks.js';
import keyRoutes from './keys.js';
import notBuiltRoutes from './not-built.js';
import openapiDocument from './openapi-document.js';
import organizationRoutes from './organizations.js';
import statusRoutes from './status.js';
import userRoutes from './user.js';

export const apiRoutes: FastifyPluginAsync<{ version: string }> = async (app, opts) => {
  await app.register(statusRoutes, { version: opts.version });
  await app.register(openapiDocument);
  await app.register(keyRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(organizationRoutes);
  await app.register(billingRoutes);
  await app.register(analyticsRoutes);
  await app.register(characterRoutes);
  await app.register(webhookRoutes);
  await app.register(avatarRoutes);
  await app.register(sessionTokenRoutes);
  await app.register(speechRoutes);
  await app.register(voiceRoutes);
  await app.register(demoRoutes);
  await app.register(notBuiltRoutes);
};
