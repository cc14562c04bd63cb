import { parentPort } from 'node:worker_threads';
import { writePdf, type PdfJob } from './pdf-documents';

/**
 * A worker thread that writes PDFs (pdf-renderer.ts starts it): the writer, its fonts and their
 * parsing live here, so a 200-1,000 ms document never holds the event loop that answers everyone
 * else. One job at a time; each answer carries the job's id.
 */
export interface PdfRequest {
  id: number;
  job: PdfJob;
}
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (pdf-renderer.ts)');

port.on('message', ({ id, job }: PdfRequest) => {
  // A Buffer crosses the thread boundary as a plain Uint8Array: the signature becomes a Buffer again.
  if (job.kind === 'rental-agreement')
    job.agreement.signature = Buffer.from(job.agreement.signature as Uint8Array);
  writePdf(job).then(
    (pdf) => {
      // Its own copy of the bytes, handed over without a second copy.
      const bytes = new Uint8Array(pdf);
      port.postMessage({ id, pdf: bytes } satisfies PdfAnswer, [bytes.buffer]);
    },
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfAnswer),
  );
});
