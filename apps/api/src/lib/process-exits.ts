/**
 * Every end of the process says why, on stderr, as one JSON line (like the app's log) even before
 * the app's logger exists: an exception or a rejection nobody caught, a signal, or an exit with its
 * code. A server that ended without a word could not be explained (issue 31).
 */
export function logProcessExits(): void {
  const say = (level: 'info' | 'fatal', msg: string, extra: Record<string, unknown> = {}) =>
    process.stderr.write(
      `${JSON.stringify({ level: level === 'fatal' ? 60 : 30, time: Date.now(), pid: process.pid, msg, ...extra })}\n`,
    );
  const errorFields = (error: unknown) =>
    error instanceof Error
      ? {
          err: {
            type: error.name,
            message: error.message,
            stack: error.stack,
            code: (error as { code?: unknown }).code,
          },
        }
      : { err: String(error) };
  process.on('uncaughtException', (error, origin) => {
    say(
      'fatal',
      `the process ends: ${origin === 'unhandledRejection' ? 'a promise rejection' : 'an exception'} nobody caught`,
      errorFields(error),
    );
    process.exit(1);
  });
  for (const signal of ['SIGHUP', 'SIGQUIT'] as const)
    process.on(signal, () => {
      say('info', `the process ends: ${signal}`, { signal });
      process.exit(128 + (signal === 'SIGHUP' ? 1 : 3));
    });
  process.on('exit', (code) =>
    say(code === 0 ? 'info' : 'fatal', `the process exits with code ${code}`, { code }),
  );
}
