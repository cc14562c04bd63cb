import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope, FieldError } from '@siam/contract/errors';
import { AppError, ServerBusy } from '../lib/app-error';
import { isDatabaseUnavailable } from '../db/client';
import { seatShortage } from '../db/pg-errors';
import { sendUnavailable } from './unavailable-answer';
import type { Language } from '@siam/contract/languages';
import { requestLanguage } from '../lib/language';
import { localizeMessage, type ValidationIssue } from '../lib/message-words';

const statusCodes: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * A failure with nothing to tell but "it failed", in the request's language: the site shows the
 * server's `msg` where the spec says so (a listing that failed to load, spec §8), and says which
 * language it is in with Content-Language, so a page in another language keeps its own words.
 */
export const serverFailureMessages: Record<
  'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE',
  Record<Language, string>
> = {
  INTERNAL_ERROR: {
    th: 'เซิร์ฟเวอร์ขัดข้อง กรุณาลองใหม่อีกครั้ง',
    en: 'Server error, try again',
    zh: '服务器出错，请重试',
  },
  SERVICE_UNAVAILABLE: {
    th: 'ระบบไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่อีกครั้ง',
    en: 'Service unavailable, try again',
    zh: '服务暂时不可用，请重试',
  },
};

/**
 * One error handler for the whole API: validation → 400 with per-field
 * errors; our AppError → its status; Fastify's own 4xx → the matching code;
 * anything else → 500 with no internals (the log keeps them, by request id).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorEnvelope;

    // A refusal's words in the request's language (lib/message-words.ts), and the answer says which.
    const language = requestLanguage(request);
    const say = (message: string, issue?: ValidationIssue) => localizeMessage(message, language, issue);
    /**
     * A field's refusal already said in the caller's language, with the contract's words kept beside
     * (`source`) for the site to match its constants. `say` stays at each call, where the test of every
     * message (test/message-sources.ts) reads what is said.
     */
    const keepSource = (said: FieldError, source: string): FieldError =>
      said.message === source ? said : { ...said, source };
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) =>
        keepSource(
          {
            path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            message: say(v.message ?? 'Invalid value', v),
          },
          v.message ?? 'Invalid value',
        ),
      );
      status = 400;
      body = {
        status: false,
        code: 'VALIDATION_FAILED',
        msg: say('Invalid data: check the data sent'),
        errors,
      };
      void reply.header('content-language', language);
    } else if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        status: false,
        code: error.code,
        msg: say(error.message),
        ...(error.errors && {
          errors: error.errors.map((e) => keepSource({ ...e, message: say(e.message) }, e.message)),
        }),
      };
      void reply.header('content-language', language);
      if (error.headers) void reply.headers(error.headers);
    } else if (seatShortage(error)) {
      // The database refused a booking's child seats beyond the branch's stock (migration 2050), in
      // whatever flow wrote them: the whole transaction is undone; the site names the kind and what is left.
      const { seat, left } = seatShortage(error)!;
      status = 409;
      const message = say(
        `Not enough ${seat.replace('_', ' ')}s at this branch for these times: ${left} left`,
      );
      body = {
        status: false,
        code: 'SEATS_SHORT',
        msg: message,
        errors: [{ path: `addons.${seat}`, message, left }],
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { status: false, code: statusCodes[status] ?? 'VALIDATION_FAILED', msg: say(error.message) };
    } else if (error instanceof ServerBusy) {
      request.log.warn({ err: error }, 'turned away: busy');
      return sendUnavailable(app, request, reply, 'busy');
    } else if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: "temporarily unavailable" in the visitor's language, for a
      // page or an API call alike; the next request tries again (the pool reconnects by itself).
      request.log.warn({ err: error }, 'database unavailable');
      return sendUnavailable(app, request, reply, 'down');
    } else {
      status = error.statusCode === 503 ? 503 : 500;
      request.log.error({ err: error }, 'request failed');
      const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
      body = { status: false, code, msg: serverFailureMessages[code][language] };
      void reply.header('content-language', language);
    }
    return reply.status(status).send(body);
  });
});
