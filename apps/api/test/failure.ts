/**
 * What a call to a service fails with, for rules tests that compare it whole: its code, message and
 * field errors (the AppError's parts a page or the API shows), or 'passed' when it did not fail.
 */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'passed',
    (error: { code?: string; message: string; errors?: unknown }) => ({
      code: error.code,
      message: error.message,
      errors: error.errors,
    }),
  );
