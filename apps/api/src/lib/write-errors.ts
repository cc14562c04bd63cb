import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { AppError } from './app-error';

/**
 * Turns a database refusal of a back-office write into the answer a person can act on: a duplicate
 * ("… already exists") or a dangling or still-used reference; anything else goes on as it is.
 */
export function explainWriteError(error: unknown, what: string): never {
  if (error instanceof AppError) throw error;
  const code = pgErrorCode(error);
  if (code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', `${what} already exists`);
  if (code === FOREIGN_KEY_VIOLATION)
    throw new AppError('CONFLICT', `${what} refers to something that does not exist or is still in use`);
  throw error;
}
