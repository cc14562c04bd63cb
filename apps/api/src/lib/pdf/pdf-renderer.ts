import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ServerBusy } from '../app-error';
import { pdfRenders } from '../metrics';
import type { PdfAnswer, PdfRequest } from './pdf-worker-loop';

/** What a PDF is written from: plain data a worker thread can be handed, named by its kind. */
export interface PdfJobShape {
  kind: string;
}

/**
 * Where the worker's script is: `built`, beside the server's bundle (dist/pdf-worker.js,
 * apps/api/build.mjs), else `source` (tests, `npm run dev`) loaded through tsx. The module whose
 * documents it writes says where (documents/pdf-worker-script.ts): this file knows no document.
 */
export interface PdfWorkerScript {
  built: URL;
  source: URL;
}

function startWorker(script: PdfWorkerScript): Worker {
  const built = script.built;
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  // tsx's ESM loader, found from the package's own folder (its exports map sends a require() to CommonJS).
  const tsx = pathToFileURL(
    path.join(
      path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
      'dist/esm/api/index.mjs',
    ),
  ).href;
  const source = script.source.href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true },
  );
}

interface Waiting<PdfJob> {
  id: number;
  job: PdfJob;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot<PdfJob> {
  worker: Worker;
  /** The job it is writing, or null when idle. */
  current: Waiting<PdfJob> | null;
}

/**
 * Writes PDFs on a few worker threads (docs/decisions/3103): the event loop only hands over the
 * data and gets the bytes back. Workers start on the first PDF asked for; a worker that dies fails
 * its job and is replaced on the next. Past `queueMax` jobs waiting, a request is turned away (503,
 * Retry-After) instead of waiting behind a long queue.
 */
export class PdfRenderer<PdfJob extends PdfJobShape> {
  private readonly slots: Slot<PdfJob>[] = [];
  private readonly queue: Waiting<PdfJob>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: { workers: number; queueMax: number; script: PdfWorkerScript }) {}

  /** The PDF's bytes, written on a worker thread. */
  render(job: PdfJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('PDF renderer closed'));
    const idle = this.idleSlot();
    if (!idle && this.queue.length >= this.options.queueMax) {
      pdfRenders.inc({ kind: job.kind, result: 'refused' });
      return Promise.reject(new ServerBusy('PDF writer'));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const waiting = { id: this.nextId++, job, resolve, reject };
      if (idle) this.send(idle, waiting);
      else this.queue.push(waiting);
    });
  }

  /** Jobs waiting for a worker (not counting those being written). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.queue.splice(0)) w.reject(new Error('PDF renderer closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private idleSlot(): Slot<PdfJob> | undefined {
    const idle = this.slots.find((slot) => slot.current === null);
    if (idle || this.slots.length >= this.options.workers) return idle;
    const slot: Slot<PdfJob> = { worker: startWorker(this.options.script), current: null };
    // An idle worker never keeps the process alive.
    slot.worker.unref();
    slot.worker.on('message', (answer: PdfAnswer) => this.finished(slot, answer));
    slot.worker.on('error', (error) => this.lost(slot, error));
    slot.worker.on('exit', (code) => this.lost(slot, new Error(`PDF worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private send(slot: Slot<PdfJob>, waiting: Waiting<PdfJob>) {
    slot.current = waiting;
    slot.worker.ref();
    slot.worker.postMessage({ id: waiting.id, job: waiting.job } satisfies PdfRequest<PdfJob>);
  }

  private finished(slot: Slot<PdfJob>, answer: PdfAnswer) {
    const done = slot.current;
    if (!done || done.id !== answer.id) return;
    slot.current = null;
    slot.worker.unref();
    if ('pdf' in answer) {
      pdfRenders.inc({ kind: done.job.kind, result: 'written' });
      done.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    } else {
      pdfRenders.inc({ kind: done.job.kind, result: 'failed' });
      done.reject(new Error(`PDF not written: ${answer.error}`));
    }
    this.next();
  }

  private lost(slot: Slot<PdfJob>, error: Error) {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.current) {
      pdfRenders.inc({ kind: slot.current.job.kind, result: 'failed' });
      slot.current.reject(error);
    }
    if (!this.closed) this.next();
  }

  /** Hands the oldest waiting job to a free (or new) worker. */
  private next() {
    const waiting = this.queue[0];
    if (!waiting) return;
    const slot = this.idleSlot();
    if (!slot) return;
    this.queue.shift();
    this.send(slot, waiting);
  }
}
