import {
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  vapidPublicKeySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { MachineEvents } from '../live-status/machine-events.ts';
import { notificationCentreRoutes } from './notification-centre.routes.ts';
import type { NotificationCentreService } from './notification-centre.service.ts';
import type { NotificationsService } from './notifications.service.ts';
import type { PushNotifier } from './push-notifier.ts';
import type { PushSender } from './push-sender.ts';

const tags = ['notifications'];

export interface NotificationsRoutesOptions {
  service: NotificationsService;
  notifier: PushNotifier;
  sender: PushSender;
  machineEvents: MachineEvents;
  centre: NotificationCentreService;
}

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  { service, notifier, sender, machineEvents, centre },
) => {
  await app.register(notificationCentreRoutes, { centre });
  // The key pair exists from the first start on; machine events are followed while the app runs, and the
  // notifications under way are finished before the database closes.
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    const log = app.log.child({ module: 'notifications' });
    sender.useLog(log);
    notifier.useLog(log);
    await service.keys();
    unsubscribe = machineEvents.subscribe((event) => notifier.machineEvent(event));
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await notifier.idle();
  });

  app.get(
    '/api/v1/notifications/vapid-public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (base64url), the applicationServerKey of a push subscription",
        response: { 200: vapidPublicKeySchema, ...errorResponses(401) },
      },
    },
    () => service.vapidPublicKey(),
  );

  app.post(
    '/api/v1/notifications/subscribe',
    {
      schema: {
        tags,
        summary: "Keep this browser's push subscription for the signed-in user",
        description:
          'The body is the PushSubscription as the browser serialises it, with the language of the page: ' +
          'notifications to this subscription are written in it and open pages under its prefix.',
        body: pushSubscriptionBodySchema,
        response: { 204: z.null().describe('Subscribed'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await service.subscribe(sessionOf(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: "Forget one of the signed-in user's push subscriptions, by endpoint",
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null().describe('Unsubscribed'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.unsubscribe(sessionOf(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
