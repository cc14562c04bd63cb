import { bangkokMidnight, DAY_MS } from '@siam/contract/bangkok-time';
import type { AuditEntry, AuditLogQuery } from '@siam/contract/admin';
import type { AuditAction, AuditEntity } from '@siam/contract/audit-events';
import type { Pagination } from '@siam/contract/envelope';
import type { AuditRepository, AuditRow, Executor } from './audit.repository';

/** The database or a transaction an audit record is written with (the change it records commits with it). */
export type AuditExecutor = Executor;

/** Who did it: a signed-in staff member, or the command line. */
export interface Actor {
  id: number | null;
  email: string;
}

/** One of the events @siam/contract/audit-events lists: the audit log's words are checked against that list. */
export interface AuditRecord {
  entity: AuditEntity;
  entityId: string | number;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

/** jsonb keeps what JSON keeps: dates become strings, undefined fields vanish. */
const toJson = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The audit log. Callers pass the transaction their change runs in, so the
 * change and its record are written together or not at all.
 */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(executor: Executor, actor: Actor, record: AuditRecord): Promise<void> {
    await this.repository.insert(executor, {
      actorId: actor.id,
      actorEmail: actor.email,
      entity: record.entity,
      entityId: String(record.entityId),
      action: record.action,
      before: toJson(record.before),
      after: toJson(record.after),
    });
  }

  async list(query: Required<Pick<AuditLogQuery, 'page' | 'limit'>> & Omit<AuditLogQuery, 'page' | 'limit'>) {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const { rows, total } = await this.repository.page(
      {
        entity: query.entity,
        entityId: query.entityId,
        action: query.action,
        actorId: query.actorId === undefined ? undefined : Number(query.actorId),
        from: query.from ? bangkokMidnight(query.from) : undefined,
        // `to` is inclusive: up to the end of that day.
        to: query.to ? new Date(bangkokMidnight(query.to).getTime() + DAY_MS) : undefined,
      },
      limit,
      (page - 1) * limit,
    );
    const pagination: Pagination = { page, limit, total, total_pages: Math.ceil(total / limit) };
    return { data: rows.map(toEntry), pagination };
  }
}
