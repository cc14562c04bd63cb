import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@siam/contract/envelope';
import { errorEnvelopeSchema } from '@siam/contract/errors';
import { AppError } from '../../lib/app-error';

export const LINE_SIGNATURE_MESSAGE = 'The LINE signature does not match';

/** X-Line-Signature: base64 of the HMAC-SHA256 of the body as sent, keyed with the channel secret. */
export function lineSignatureMatches(body: Buffer, signature: unknown, channelSecret: string): boolean {
  if (typeof signature !== 'string' || signature.length > 200) return false;
  const expected = createHmac('sha256', channelSecret).update(body).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const webhookBody = z.object({
  destination: z.string().optional(),
  events: z.array(
    z
      .object({
        type: z.string(),
        timestamp: z.number(),
        source: z
          .object({ type: z.string(), userId: z.string().max(100).optional() })
          .passthrough()
          .optional(),
      })
      .passthrough(),
  ),
});

/**
 * LINE's webhook (issue 18, part 4): our official account's events. Only "follow" and "unfollow"
 * matter here: whether a customer can be sent booking messages. The body is believed only when its
 * X-Line-Signature is ours (the Messaging channel's secret over the exact bytes received), so this
 * route reads the body raw; an event older than the friendship state already kept is ignored (LINE
 * may redeliver).
 */
export const lineRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw bytes: the signature covers the body exactly as LINE sent it. Only this plugin parses so.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/line',
    {
      config: { rateLimit: { max: 600, windowMinutes: 1 } },
      schema: {
        tags: ['line'],
        summary:
          "LINE's webhook: follow and unfollow set whether the customer gets booking messages; refused unless X-Line-Signature matches",
        response: {
          200: dataEnvelope(z.object({ handled: z.number().int() })),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const secret = app.settings.LINE_MESSAGING_CHANNEL_SECRET;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!secret || !lineSignatureMatches(raw, request.headers['x-line-signature'], secret))
        throw new AppError('UNAUTHORIZED', LINE_SIGNATURE_MESSAGE);
      let parsed;
      try {
        parsed = webhookBody.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) throw new AppError('VALIDATION_FAILED', 'Not a LINE webhook body');
      let handled = 0;
      for (const event of parsed.data.events) {
        const userId = event.source?.type === 'user' ? event.source.userId : undefined;
        if (!userId || (event.type !== 'follow' && event.type !== 'unfollow')) continue;
        if (
          await app.services.users.setLineFriend(userId, event.type === 'follow', new Date(event.timestamp))
        )
          handled += 1;
      }
      return { status: true as const, response: { data: { handled } } };
    },
  );
};
