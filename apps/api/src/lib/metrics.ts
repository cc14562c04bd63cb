import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * What an operator graphs and alerts on (issue 15), in Prometheus's format at
 * /metrics (plugins/metrics.ts, behind METRICS_TOKEN). One registry per process:
 * every instance is scraped on its own and Prometheus adds them up.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'siam_' });

export const requestDuration = new Histogram({
  name: 'siam_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern (not the address: ids stay out of labels)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const bookingsCreated = new Counter({
  name: 'siam_bookings_created_total',
  help: 'Bookings made, by payment method and channel (online or by staff)',
  labelNames: ['payment_method', 'channel'] as const,
  registers: [metricsRegistry],
});

export const payments = new Counter({
  name: 'siam_payments_total',
  help: 'Payment events by method and outcome (card: paid, refused, unknown, then paid/refused after a check; transfer: slip received, verified, rejected)',
  labelNames: ['method', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'siam_job_runs_total',
  help: 'Runs of the background jobs (unpaid-booking expiry, card reconciliation), by result',
  labelNames: ['job', 'result'] as const,
  registers: [metricsRegistry],
});

export const pageBuilds = new Counter({
  name: 'siam_page_builds_total',
  help: 'Site pages built for the page cache (rendered by the server, or given their head), by page: a crowd served from the cache adds none',
  labelNames: ['page'] as const,
  registers: [metricsRegistry],
});

export const pdfRenders = new Counter({
  name: 'siam_pdf_renders_total',
  help: 'PDFs written by the worker threads, by document kind and result (written, failed, refused: queue full)',
  labelNames: ['kind', 'result'] as const,
  registers: [metricsRegistry],
});
