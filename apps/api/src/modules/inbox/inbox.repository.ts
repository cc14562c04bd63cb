import { sql, type SQL } from 'drizzle-orm';
import type { InboxKind } from '@siam/contract/admin-inbox';
import type { Language } from '@siam/contract/languages';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql-rows';

export interface SummaryRow {
  kind: InboxKind;
  id: number;
  name: string;
  email: string;
  subject: string;
  language: Language;
  created_ms: number;
  handled_ms: number | null;
  notes: number;
}

export interface ItemRow extends SummaryRow {
  message: string;
  company_name: string | null;
  contact_name: string | null;
  position: string | null;
  phone: string | null;
  vehicles: string | null;
  handled_by_email: string | null;
}

export interface NoteRow {
  id: number;
  kind: 'note' | 'reply';
  text: string;
  author_email: string;
  created_ms: number;
}

// Timestamps leave the database as epoch milliseconds: PGlite and node-postgres agree on numbers.
const ms = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

/** Both kinds in one shape, so the list can page over them together. */
const unified = (state: 'open' | 'handled' | 'all', kind: InboxKind | 'all') => {
  const where =
    state === 'open'
      ? sql`handled_at IS NULL`
      : state === 'handled'
        ? sql`handled_at IS NOT NULL`
        : sql`true`;
  const parts: SQL[] = [];
  if (kind !== 'quotes')
    parts.push(sql`SELECT 'messages' AS kind, id, full_name AS name, email, subject, language,
      created_at, handled_at FROM contact_messages WHERE ${where}`);
  if (kind !== 'messages')
    parts.push(sql`SELECT 'quotes' AS kind, id, contact_name AS name, email, company_name AS subject, language,
      created_at, handled_at FROM corporate_quotes WHERE ${where}`);
  return sql.join(parts, sql` UNION ALL `);
};

const noteCount = sql`CASE WHEN i.kind = 'messages'
  THEN (SELECT count(*)::int FROM inbox_notes n WHERE n.contact_message_id = i.id)
  ELSE (SELECT count(*)::int FROM inbox_notes n WHERE n.corporate_quote_id = i.id) END`;

const noteColumn = (kind: InboxKind) =>
  kind === 'messages' ? sql`contact_message_id` : sql`corporate_quote_id`;
const table = (kind: InboxKind) => (kind === 'messages' ? sql`contact_messages` : sql`corporate_quotes`);

/** Queries over contact messages, quote requests and their notes for the back office's inbox. */
export class InboxRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction, with a repository bound to it. */
  transaction<T>(fn: (repo: InboxRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      return fn(new InboxRepository(db), db);
    });
  }

  async list(state: 'open' | 'handled' | 'all', kind: InboxKind | 'all', limit: number, offset: number) {
    const from = unified(state, kind);
    const [count] = await rows<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM (${from}) i`);
    const list = await rows<SummaryRow>(
      this.db,
      sql`SELECT i.kind, i.id, i.name, i.email, i.subject, i.language,
            ${ms(sql`i.created_at`)} AS created_ms, ${ms(sql`i.handled_at`)} AS handled_ms, ${noteCount} AS notes
          FROM (${from}) i ORDER BY i.created_at DESC, i.kind, i.id DESC LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows: list, total: count?.n ?? 0 };
  }

  /** Items not handled yet, per kind. */
  async openCounts() {
    const [row] = await rows<{ messages: number; quotes: number }>(
      this.db,
      sql`SELECT (SELECT count(*)::int FROM contact_messages WHERE handled_at IS NULL) AS messages,
                 (SELECT count(*)::int FROM corporate_quotes WHERE handled_at IS NULL) AS quotes`,
    );
    return { messages: row?.messages ?? 0, quotes: row?.quotes ?? 0 };
  }

  /** One item in full; `lock` holds its row until the transaction ends (for a change). */
  async item(kind: InboxKind, id: number, lock = false): Promise<ItemRow | undefined> {
    const columns =
      kind === 'messages'
        ? sql`'messages' AS kind, x.full_name AS name, x.subject, NULL::text AS company_name,
            NULL::text AS contact_name, NULL::text AS position, NULL::text AS phone, NULL::text AS vehicles`
        : sql`'quotes' AS kind, x.contact_name AS name, x.company_name AS subject, x.company_name,
            x.contact_name, x.position, x.phone, x.vehicles`;
    const [row] = await rows<ItemRow>(
      this.db,
      sql`SELECT x.id, x.email, x.message, x.language, ${columns},
            ${ms(sql`x.created_at`)} AS created_ms, ${ms(sql`x.handled_at`)} AS handled_ms,
            (SELECT count(*)::int FROM inbox_notes n WHERE n.${noteColumn(kind)} = x.id) AS notes,
            (SELECT u.email FROM users u WHERE u.id = x.handled_by) AS handled_by_email
          FROM ${table(kind)} x WHERE x.id = ${id}${lock ? sql` FOR UPDATE OF x` : sql``}`,
    );
    return row;
  }

  async notes(kind: InboxKind, id: number) {
    return rows<NoteRow>(
      this.db,
      sql`SELECT id, kind, text, author_email, ${ms(sql`created_at`)} AS created_ms
          FROM inbox_notes WHERE ${noteColumn(kind)} = ${id} ORDER BY created_at, id`,
    );
  }

  async setHandled(kind: InboxKind, id: number, handledBy: number | null, handled: boolean) {
    await this.db.execute(
      handled
        ? sql`UPDATE ${table(kind)} SET handled_at = now(), handled_by = ${handledBy} WHERE id = ${id}`
        : sql`UPDATE ${table(kind)} SET handled_at = NULL, handled_by = NULL WHERE id = ${id}`,
    );
  }

  async insertNote(
    kind: InboxKind,
    id: number,
    note: { kind: 'note' | 'reply'; text: string; authorId: number | null; authorEmail: string },
  ): Promise<number> {
    const [row] = await rows<{ id: number }>(
      this.db,
      sql`INSERT INTO inbox_notes (${noteColumn(kind)}, kind, text, author_id, author_email)
          VALUES (${id}, ${note.kind}, ${note.text}, ${note.authorId}, ${note.authorEmail}) RETURNING id`,
    );
    return row!.id;
  }
}
