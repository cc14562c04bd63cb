import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = typeof auditLog.$inferInsert;

/** Something that runs queries: the database or a transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  action?: string;
  actorId?: number;
  from?: Date;
  to?: Date;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(executor: Executor, values: AuditInsert): Promise<void> {
    await executor.insert(auditLog).values(values);
  }

  async page(
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
    if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
    if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
    if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(auditLog).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  }
}
