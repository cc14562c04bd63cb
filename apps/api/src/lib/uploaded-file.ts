import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * The one file of a multipart upload (field "file"), or the client's error: not multipart (415), a
 * body the multipart reader cannot read (no boundary, cut off: 400, never a 500), no file (400),
 * too large (413). What is uploaded is said in the messages (`kind`: "slip", "picture").
 */
export async function uploadedFile(
  request: FastifyRequest,
  messages: { kind: string; missing: string; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the ${messages.kind} as multipart/form-data`);
  const unreadable = `The ${messages.kind} could not be read: send it as multipart/form-data`;
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch {
    throw new AppError('VALIDATION_FAILED', unreadable, [{ path: 'file', message: unreadable }]);
  }
  if (!part || part.fieldname !== 'file')
    throw new AppError('VALIDATION_FAILED', messages.missing, [{ path: 'file', message: messages.missing }]);
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
  }
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', messages.tooLarge);
  return content;
}

/**
 * A private file (a slip, a licence picture, a tax invoice) sent back to someone allowed to see it:
 * shown in the browser, or saved under `downloadAs`; never sniffed as another type (the API's answers
 * are already kept from caches).
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: { contentType: string; content: Buffer; downloadAs?: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.downloadAs ? `attachment; filename="${file.downloadAs}"` : 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
