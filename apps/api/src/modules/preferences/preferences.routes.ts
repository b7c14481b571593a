import {
  ErrorBodySchema,
  PreferencesAnswerSchema,
  PreferencesQuerySchema,
  PushKeyAnswerSchema,
  PushSubscriptionAnswerSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeAnswerSchema,
  PushUnsubscribeBodySchema,
  UpdatePreferencesBodySchema,
} from '@wellspring/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertOwnId } from '../../plugins/app/auth';
import { pushEndpointPolicy } from '../reminders/push-endpoint';
import {
  getPreferences,
  subscribePush,
  unsubscribePush,
  updatePreferences,
} from './preferences.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const doc = { tags: ['preferences'], security: [{ bearer: [] }] };

/**
 * The per-account preferences (theme, check-in reminder) and Web Push subscriptions (decisions 040
 * and 041).
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'The user’s theme, daily check-in reminder and whether On this day shows low days',
        querystring: PreferencesQuerySchema,
        response: { 200: PreferencesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return { status: 'success' as const, data: await getPreferences(app.db, auth) };
    },
  );

  app.patch(
    '/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'Change the theme, the check-in reminder or On this day’s low days; turning the reminder off removes every device’s push subscription',
        querystring: PreferencesQuerySchema,
        body: UpdatePreferencesBodySchema,
        response: { 200: PreferencesAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.query.id);
      return {
        status: 'success' as const,
        data: await updatePreferences(app.db, auth, request.body, app.clock.now()),
      };
    },
  );

  app.get(
    '/push/key',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'The server’s VAPID public key, for PushManager.subscribe',
        response: { 200: PushKeyAnswerSchema, 401: ErrorBodySchema },
      },
    },
    async () => ({ status: 'success' as const, data: { publicKey: app.vapid.publicKey } }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary:
          'Keep this browser’s push subscription, tied to this session (logging out removes it)',
        body: PushSubscriptionBodySchema,
        response: { 201: PushSubscriptionAnswerSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = assertOwnId(request, request.body.id);
      const data = await subscribePush(
        app.db,
        auth,
        request.body,
        pushEndpointPolicy(app.env),
        app.clock.now(),
      );
      return reply.code(201).send({ status: 'success' as const, data });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc,
        summary: 'Forget one of the user’s push subscriptions by its endpoint',
        body: PushUnsubscribeBodySchema,
        response: { 200: PushUnsubscribeAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const auth = assertOwnId(request, request.body.id);
      return {
        status: 'success' as const,
        data: await unsubscribePush(app.db, auth, request.body.endpoint),
      };
    },
  );
};
