import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@siam/contract/languages';
import { notFound } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository';
import type { CounterStore } from '../../lib/counters';
import { mayMailUnverified } from '../../lib/public-forms';

const CONFIRM_VALID_MS = 7 * 86_400_000;
/** A pending address gets at most one confirmation mail in this time, however often it is submitted. */
const RESEND_AFTER_MS = 10 * 60_000;

/** The privacy notice promises that unconfirmed sign-ups are deleted after 30 days. */
const KEEP_UNCONFIRMED_MS = 30 * 86_400_000;

const newToken = () => randomBytes(24).toString('base64url');
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const texts: Record<
  Language,
  {
    confirmSubject: string;
    confirm: (link: string, unsub: string) => string;
    welcomeSubject: string;
    welcome: (unsub: string) => string;
  }
> = {
  th: {
    confirmSubject: 'ยืนยันการรับข่าวสารจากสยามไดรฟ์',
    confirm: (link, unsub) =>
      `สวัสดีค่ะ\n\nมีการขอรับข่าวสารและโปรโมชั่นของสยามไดรฟ์ด้วยอีเมลนี้ หากเป็นคุณ กรุณากดลิงก์ด้านล่างเพื่อยืนยัน (ลิงก์ใช้ได้ 7 วัน)\n\n${link}\n\nหากคุณไม่ได้สมัคร ไม่ต้องทำอะไร เราจะไม่ส่งข่าวสารถึงคุณ\nไม่ต้องการรับอีเมลจากเราอีก: ${unsub}\n\nสยามไดรฟ์`,
    welcomeSubject: 'ยินดีต้อนรับสู่ข่าวสารสยามไดรฟ์',
    welcome: (unsub) =>
      `ขอบคุณที่ยืนยันค่ะ ต่อจากนี้คุณจะได้รับโปรโมชั่นและเคล็ดลับการเดินทางจากสยามไดรฟ์ ไม่เกินเดือนละ 2 ฉบับ\n\nยกเลิกการรับข่าวสารได้ทุกเมื่อ: ${unsub}\n\nสยามไดรฟ์`,
  },
  en: {
    confirmSubject: 'Please confirm your Siam Drive newsletter subscription',
    confirm: (link, unsub) =>
      `Hello,\n\nSomeone (hopefully you) asked to receive Siam Drive news and offers at this address. To confirm, open this link (valid for 7 days):\n\n${link}\n\nIf it was not you, ignore this email and you will hear nothing more from us.\nUnsubscribe: ${unsub}\n\nSiam Drive`,
    welcomeSubject: 'Welcome to the Siam Drive newsletter',
    welcome: (unsub) =>
      `Thank you for confirming. You will now receive Siam Drive offers and travel tips, at most twice a month.\n\nUnsubscribe at any time: ${unsub}\n\nSiam Drive`,
  },
  zh: {
    confirmSubject: '请确认订阅 Siam Drive 资讯',
    confirm: (link, unsub) =>
      `您好：\n\n有人使用此邮箱订阅了 Siam Drive 的优惠与资讯。如果是您本人，请点击以下链接确认（7 天内有效）：\n\n${link}\n\n如果不是您本人操作，请忽略本邮件，我们不会再给您发送资讯。\n退订：${unsub}\n\nSiam Drive`,
    welcomeSubject: '欢迎订阅 Siam Drive 资讯',
    welcome: (unsub) =>
      `感谢您的确认。今后您将收到 Siam Drive 的优惠活动和自驾出行贴士，每月最多两封。\n\n随时退订：${unsub}\n\nSiam Drive`,
  },
};

/**
 * Newsletter with double opt-in, as Thailand's PDPA expects: an address counts
 * only after its owner follows the emailed link; the time, language and
 * address of the consent are recorded; every mail carries an unsubscribe link.
 * Subscribing again is harmless and the answer is always the same.
 */
export class NewsletterService {
  constructor(
    private readonly repository: NewsletterRepository,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly counters: CounterStore,
  ) {}

  private links(language: Language, confirmToken: string | null, unsubscribeToken: string) {
    return {
      confirm: confirmToken
        ? `${this.publicUrl}/newsletter/confirm?token=${confirmToken}&lng=${language}`
        : '',
      unsubscribe: `${this.publicUrl}/newsletter/unsubscribe?token=${unsubscribeToken}&lng=${language}`,
    };
  }

  private async sendConfirmation(
    row: Pick<SubscriberRow, 'email' | 'unsubscribeToken'>,
    language: Language,
    token: string,
  ) {
    // An unconfirmed address: at most a few mails a day, whoever keeps typing it in.
    if (!(await mayMailUnverified(this.counters, row.email))) return;
    const links = this.links(language, token, row.unsubscribeToken);
    await this.mailer.send({
      to: row.email,
      subject: texts[language].confirmSubject,
      text: texts[language].confirm(links.confirm, links.unsubscribe),
      headers: { 'List-Unsubscribe': `<${links.unsubscribe}>` },
    });
  }

  async subscribe(
    email: string,
    language: Language,
    ip: string | undefined,
    now = new Date(),
  ): Promise<void> {
    await this.repository.deleteUnconfirmedBefore(new Date(now.getTime() - KEEP_UNCONFIRMED_MS));
    const existing = await this.repository.findByEmail(email);
    if (existing?.status === 'confirmed') return; // already in; nothing to say, nothing to send
    if (
      existing?.status === 'pending' &&
      existing.confirmationSentAt &&
      now.getTime() - existing.confirmationSentAt.getTime() < RESEND_AFTER_MS
    )
      return;

    const token = newToken();
    const pending = {
      language,
      status: 'pending' as const,
      confirmTokenHash: hash(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_VALID_MS),
      confirmationSentAt: now,
      consentRequestedAt: now,
      consentIp: ip ?? null,
    };
    if (existing) {
      await this.repository.update(existing.id, { ...pending, unsubscribedAt: null });
      await this.sendConfirmation(existing, language, token);
      return;
    }
    const created = await this.repository.insertPending({ email, unsubscribeToken: newToken(), ...pending });
    if (created) await this.sendConfirmation(created, language, token);
  }

  async confirm(token: string, now = new Date()): Promise<'confirmed' | 'already_confirmed'> {
    const row = await this.repository.findByConfirmHash(hash(token));
    if (!row) throw notFound('Confirmation link');
    if (row.status === 'confirmed') return 'already_confirmed';
    if (row.status !== 'pending' || !row.confirmExpiresAt || row.confirmExpiresAt < now)
      throw notFound('Confirmation link');
    await this.repository.update(row.id, { status: 'confirmed', confirmedAt: now });
    const links = this.links(row.language, null, row.unsubscribeToken);
    await this.mailer.send({
      to: row.email,
      subject: texts[row.language].welcomeSubject,
      text: texts[row.language].welcome(links.unsubscribe),
      headers: { 'List-Unsubscribe': `<${links.unsubscribe}>` },
    });
    return 'confirmed';
  }

  async unsubscribe(token: string, now = new Date()): Promise<'unsubscribed'> {
    const row = await this.repository.findByUnsubscribeToken(token);
    if (!row) throw notFound('Unsubscribe link');
    if (row.status !== 'unsubscribed')
      await this.repository.update(row.id, {
        status: 'unsubscribed',
        unsubscribedAt: now,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
    return 'unsubscribed';
  }

  /** Only confirmed addresses count. */
  confirmedCount(): Promise<number> {
    return this.repository.confirmedCount();
  }
}
