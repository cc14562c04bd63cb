import type { InboxCounts, InboxItem, InboxKind, InboxState, InboxSummary } from '@siam/contract/admin-inbox';
import type { Pagination } from '@siam/contract/envelope';
import type { Language } from '@siam/contract/languages';
import { notFound } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { Actor, AuditService } from '../audit/audit.service';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { InboxRepository, ItemRow, SummaryRow } from './inbox.repository';
import type { AuditEntity } from '@siam/contract/audit-events';

const iso = (ms: number) => new Date(ms).toISOString();

/** Audit entities: the tables' own names in the singular, like the rest of the log. */
const entityOf: Record<InboxKind, AuditEntity> = { messages: 'contact_message', quotes: 'corporate_quote' };
const nameOf: Record<InboxKind, string> = { messages: 'Message', quotes: 'Quote request' };

function summary(row: SummaryRow): InboxSummary {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    language: row.language,
    createdAt: iso(row.created_ms),
    handledAt: row.handled_ms === null ? null : iso(row.handled_ms),
    notes: row.notes,
  };
}

/** The answer's subject and frame, in the language the person wrote in. */
const replyMail: Record<
  Language,
  { subject: (kind: InboxKind, subject: string) => string; body: (name: string, text: string) => string }
> = {
  th: {
    subject: (kind, subject) =>
      kind === 'quotes' ? 'ตอบกลับคำขอใบเสนอราคาของคุณ | สยามไดรฟ์' : `ตอบกลับ: ${subject} | สยามไดรฟ์`,
    body: (name, text) => `เรียน คุณ${name}\n\n${text}\n\nหากมีข้อสงสัยเพิ่มเติม ตอบกลับอีเมลนี้ได้เลย\n\nสยามไดรฟ์`,
  },
  en: {
    subject: (kind, subject) =>
      kind === 'quotes' ? 'About your corporate quote request | Siam Drive' : `Re: ${subject} | Siam Drive`,
    body: (name, text) =>
      `Dear ${name},\n\n${text}\n\nIf you have any further questions, simply reply to this email.\n\nSiam Drive`,
  },
  zh: {
    subject: (kind, subject) =>
      kind === 'quotes' ? '关于您的企业租车报价申请 | Siam Drive' : `回复：${subject} | Siam Drive`,
    body: (name, text) => `${name} 您好：\n\n${text}\n\n如有其他问题，请直接回复此邮件。\n\nSiam Drive`,
  },
};

/**
 * The back office's inbox: contact messages and corporate quote requests,
 * their handled state, staff notes and emailed answers. Each change and its
 * audit record are written in one transaction.
 */
export class InboxService {
  constructor(
    private readonly repository: InboxRepository,
    private readonly audit: AuditService,
    private readonly mailer: Mailer,
    private readonly siteSettings: SiteSettingsService,
  ) {}

  async list(query: { kind: InboxKind | 'all'; state: InboxState; page: number; limit: number }) {
    const { page, limit } = query;
    const { rows, total } = await this.repository.list(query.state, query.kind, limit, (page - 1) * limit);
    const pagination: Pagination = { page, limit, total, total_pages: Math.ceil(total / limit) };
    return { data: rows.map(summary), pagination };
  }

  counts(): Promise<InboxCounts> {
    return this.repository.openCounts();
  }

  async item(kind: InboxKind, id: number, repository = this.repository): Promise<InboxItem> {
    const row = await repository.item(kind, id);
    if (!row) throw notFound(nameOf[kind]);
    return this.toItem(row, await repository.notes(kind, id));
  }

  private toItem(row: ItemRow, notes: Awaited<ReturnType<InboxRepository['notes']>>): InboxItem {
    return {
      ...summary(row),
      message: row.message,
      companyName: row.company_name,
      contactName: row.contact_name,
      position: row.position,
      phone: row.phone,
      vehicles: row.vehicles,
      handledBy: row.handled_by_email,
      noteList: notes.map((n) => ({
        id: n.id,
        kind: n.kind,
        text: n.text,
        authorEmail: n.author_email,
        createdAt: iso(n.created_ms),
      })),
    };
  }

  /** Marks an item handled or not handled; asking for the state it is in changes (and records) nothing. */
  async setHandled(actor: Actor, kind: InboxKind, id: number, handled: boolean): Promise<InboxItem> {
    return this.repository.transaction(async (repo, tx) => {
      const row = await repo.item(kind, id, true);
      if (!row) throw notFound(nameOf[kind]);
      const was = row.handled_ms !== null;
      if (was !== handled) {
        await repo.setHandled(kind, id, actor.id, handled);
        await this.audit.record(tx, actor, {
          entity: entityOf[kind],
          entityId: id,
          action: handled ? 'inbox.handled' : 'inbox.reopened',
          before: { handled: was, handledBy: row.handled_by_email },
          after: { handled, handledBy: handled ? actor.email : null },
        });
      }
      return this.item(kind, id, repo);
    });
  }

  async addNote(actor: Actor, kind: InboxKind, id: number, text: string): Promise<InboxItem> {
    return this.repository.transaction(async (repo, tx) => {
      if (!(await repo.item(kind, id, true))) throw notFound(nameOf[kind]);
      const noteId = await repo.insertNote(kind, id, {
        kind: 'note',
        text,
        authorId: actor.id,
        authorEmail: actor.email,
      });
      await this.audit.record(tx, actor, {
        entity: entityOf[kind],
        entityId: id,
        action: 'inbox.note_added',
        before: null,
        after: { noteId, text },
      });
      return this.item(kind, id, repo);
    });
  }

  /**
   * Answers the person by email (in the language they wrote in, replies going
   * to the company's contact address), keeps the answer as a note and marks
   * the item handled. The mail is sent last inside the transaction: when it
   * cannot be sent, nothing is recorded and staff can try again.
   */
  async reply(actor: Actor, kind: InboxKind, id: number, text: string): Promise<InboxItem> {
    const replyTo = (await this.siteSettings.publicSettings('en')).contact.email;
    return this.repository.transaction(async (repo, tx) => {
      const row = await repo.item(kind, id, true);
      if (!row) throw notFound(nameOf[kind]);
      const was = row.handled_ms !== null;
      const noteId = await repo.insertNote(kind, id, {
        kind: 'reply',
        text,
        authorId: actor.id,
        authorEmail: actor.email,
      });
      if (!was) await repo.setHandled(kind, id, actor.id, true);
      await this.audit.record(tx, actor, {
        entity: entityOf[kind],
        entityId: id,
        action: 'inbox.replied',
        before: { handled: was },
        after: { handled: true, noteId, to: row.email, text },
      });
      const mail = replyMail[row.language] ?? replyMail.en;
      // Written with the reply, in its transaction: the mail is sent by the outbox's job.
      await this.mailer.send(
        { to: row.email, replyTo, subject: mail.subject(kind, row.subject), text: mail.body(row.name, text) },
        { db: tx },
      );
      return this.item(kind, id, repo);
    });
  }
}
