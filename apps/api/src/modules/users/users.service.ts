import type { User } from '@siam/contract/auth';
import type { TaxBuyer } from '@siam/contract/tax-invoices';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/sql-rows';
import type { ProviderName, UserRow, UsersRepository } from './users.repository';

// What other modules read of a user's row, through this service rather than the repository.
export { providerFields } from './users.repository';
export type { ProviderName, UserRow };

/** The public shape of a user: never the password hash or provider ids. */
/** The columns the public shape is made from (a session's user is read with exactly these). */
export type UserViewRow = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'role'
  | 'language'
  | 'avatarUrl'
  | 'emailVerifiedAt'
  | 'lineUserId'
  | 'lineFriend'
>;

export function toUser(row: UserViewRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role,
    language: row.language,
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerifiedAt !== null,
    line: row.lineUserId ? { friend: row.lineFriend } : null,
  };
}

export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  create(values: Parameters<UsersRepository['insert']>[0]) {
    return this.repository.insert(values);
  }

  update(id: number, values: Parameters<UsersRepository['update']>[1]) {
    return this.repository.update(id, values);
  }

  findByEmail(email: string) {
    return this.repository.findByEmail(email);
  }

  findById(id: number) {
    return this.repository.findById(id);
  }

  findByProvider(provider: ProviderName, subject: string) {
    return this.repository.findByProvider(provider, subject);
  }

  /** What else goes when LINE is taken off an account, in the same transaction (line/: its unsent messages). */
  private lineDisconnected?: (tx: Db, userId: number) => Promise<void>;

  onLineDisconnect(listener: (tx: Db, userId: number) => Promise<void>) {
    this.lineDisconnected = listener;
  }

  disconnectLine(id: number) {
    const listener = this.lineDisconnected;
    return this.repository.disconnectLine(id, listener && ((tx) => listener(tx, id)));
  }

  /** The company details a customer keeps for full tax invoices (bookings' tax details), in `ex`. */
  taxBuyer(ex: Executor, userId: number) {
    return this.repository.taxBuyer(ex, userId);
  }

  saveTaxBuyer(ex: Executor, userId: number, buyer: TaxBuyer | null) {
    return this.repository.saveTaxBuyer(ex, userId, buyer);
  }

  /** LINE's word on friendship: kept unless a newer word (a webhook event) is already kept. */
  setLineFriend(lineUserId: string, friend: boolean, at: Date) {
    return this.repository.setLineFriend(lineUserId, friend, at);
  }

  anonymise(id: number) {
    return this.repository.anonymise(id);
  }
}
