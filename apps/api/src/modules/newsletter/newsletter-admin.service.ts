import type { Subscriber, SubscriberStatus } from '@siam/contract/admin-inbox';
import type { Db } from '../../db/client';
import { toCsv } from '../../lib/csv';
import type { Actor, AuditService } from '../audit/audit.service';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository';

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    language: row.language,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/**
 * The newsletter in the back office: who signed up, in which state, and the
 * confirmed list as CSV for the mailing tool. Only confirmed subscribers are
 * exported (double opt-in, PDPA), and each export is written to the audit log.
 */
export class NewsletterAdminService {
  constructor(
    private readonly db: Db,
    private readonly repository: NewsletterRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: { status: SubscriberStatus | 'all'; page: number; limit: number }) {
    const { page, limit } = query;
    const [{ rows, total }, counts] = await Promise.all([
      this.repository.page(query.status === 'all' ? undefined : query.status, limit, (page - 1) * limit),
      this.repository.countsByStatus(),
    ]);
    return {
      data: rows.map(toSubscriber),
      counts,
      pagination: { page, limit, total, total_pages: Math.ceil(total / limit) },
    };
  }

  async exportConfirmed(actor: Actor): Promise<{ csv: string; count: number }> {
    const rows = await this.repository.confirmed();
    const csv = toCsv(
      ['email', 'language', 'confirmed_at'],
      rows.map((r) => [r.email, r.language, r.confirmedAt?.toISOString() ?? '']),
    );
    await this.audit.record(this.db, actor, {
      entity: 'newsletter',
      entityId: 'confirmed',
      action: 'newsletter.exported',
      before: null,
      after: { count: rows.length },
    });
    return { csv, count: rows.length };
  }
}
