import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/guard.ts';
import type { OperationHandlers } from '../http/types.ts';
import { userPresenter } from './public.ts';
import { updateExistingUser } from './update.ts';

/** The signed-in user's subscription plan and push-notification (FCM) token. */
export function userPreferenceHandlers(
  app: FastifyInstance,
): OperationHandlers<'updateSubscriptionTypeMe' | 'setFcmTokenMe'> {
  const present = userPresenter(app.settings.secretKey);
  return {
    async updateSubscriptionTypeMe(request) {
      const user = requireUser(request);
      const row = await updateExistingUser(app, user.id, {
        subscriptionType: request.query.subscription_type,
      });
      return present(row, row);
    },

    async setFcmTokenMe(request) {
      const user = requireUser(request);
      await updateExistingUser(app, user.id, { fcmToken: request.body.fcm_token.trim() });
      return { message: 'Push notification token saved' };
    },
  };
}
