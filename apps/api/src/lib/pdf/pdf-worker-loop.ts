import { parentPort } from 'node:worker_threads';

/**
 * The loop of a worker thread that writes PDFs (pdf-renderer.ts starts it): the writer, its fonts and
 * their parsing live there, so a 200-1,000 ms document never holds the event loop that answers
 * everyone else. One job at a time; each answer carries the job's id. The documents it writes are
 * the caller's (documents/pdf-worker.ts): this file knows none.
 */
export interface PdfRequest<PdfJob> {
  id: number;
  job: PdfJob;
}
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

export function servePdfJobs<PdfJob>(write: (job: PdfJob) => Promise<Buffer>) {
  const port = parentPort;
  if (!port) throw new Error('A PDF worker runs as a worker thread (lib/pdf/pdf-renderer.ts)');
  port.on('message', ({ id, job }: PdfRequest<PdfJob>) => {
    write(job).then(
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
}
