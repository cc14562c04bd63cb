import type { FastifyBaseLogger } from 'fastify';
import type { VehicleCount } from '@siam/contract/content';
import type { Language } from '@siam/contract/languages';
import type { CounterStore } from '../../lib/counters';
import { mayMailUnverified } from '../../lib/public-forms';
import type { Mailer, MailMessage } from '../../lib/mailer';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import type { FormsRepository } from './forms.repository';

export interface ContactInput {
  fullName: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
  ip?: string;
}

export interface CorporateQuoteInput {
  companyName: string;
  contactName: string;
  position: string;
  email: string;
  phone: string;
  vehicles: VehicleCount;
  message: string;
  language: Language;
  ip?: string;
}

/**
 * The thank-you goes to an address nobody has verified, so it carries none of
 * the sender's own words (no name, no company, no message): only our text and
 * the vehicle count, which is one of our fixed options. A stranger cannot use
 * the form to send a phishing line under our name.
 */
const quoteThanks: Record<Language, (vehicles: VehicleCount) => MailMessage['text']> = {
  th: (vehicles) =>
    `เรียน ผู้ติดต่อ\n\nขอบคุณที่สนใจบริการเช่ารถสำหรับองค์กรของสยามไดรฟ์ เราได้รับคำขอใบเสนอราคา (จำนวนรถ ${vehicles} คัน) เรียบร้อยแล้ว ทีมฝ่ายขายองค์กรจะติดต่อกลับภายใน 1 วันทำการ\n\nหากคุณไม่ได้ส่งคำขอนี้ ไม่ต้องดำเนินการใด ๆ\n\nเวลาทำการ: จันทร์-ศุกร์ 08:00-20:00 น. เสาร์-อาทิตย์ 09:00-18:00 น.\n\nสยามไดรฟ์`,
  en: (vehicles) =>
    `Hello,\n\nThank you for your interest in Siam Drive corporate rental. We have received your quote request (${vehicles} vehicles). Our corporate sales team will contact you within one business day.\n\nIf you did not send this request, you need not do anything.\n\nBusiness hours: Monday-Friday 08:00-20:00, Saturday-Sunday 09:00-18:00.\n\nSiam Drive`,
  zh: (vehicles) =>
    `您好：\n\n感谢您关注 Siam Drive 企业租车服务。我们已收到您的报价申请（车辆数量：${vehicles} 辆），企业销售团队将在一个工作日内与您联系。\n\n如果这不是您提交的申请，请忽略本邮件。\n\n营业时间：周一至周五 08:00-20:00，周六至周日 09:00-18:00。\n\nSiam Drive`,
};

const quoteSubject: Record<Language, string> = {
  th: 'เราได้รับคำขอใบเสนอราคาของคุณแล้ว | สยามไดรฟ์',
  en: 'We have received your quote request | Siam Drive',
  zh: '我们已收到您的报价申请 | Siam Drive',
};

/** Contact messages and corporate quote requests: stored first, then the people who act on them are emailed. */
const KEEP_MESSAGES_MS = 2 * 365 * 86_400_000;

export class FormsService {
  constructor(
    private readonly repository: FormsRepository,
    private readonly mailer: Mailer,
    private readonly siteSettings: SiteSettingsService,
    private readonly counters: CounterStore,
  ) {}

  private async staffAddress(): Promise<string> {
    return (await this.siteSettings.publicSettings('en')).contact.email;
  }

  /** Messages older than the privacy notice's 2 years go; done on each post, so no scheduler is needed. */
  private forgetOld(now: Date) {
    return this.repository.deleteOlderThan(new Date(now.getTime() - KEEP_MESSAGES_MS));
  }

  async submitContact(input: ContactInput, log?: FastifyBaseLogger, now = new Date()): Promise<number> {
    await this.forgetOld(now);
    const id = await this.repository.insertContactMessage(input);
    // The message is safe in the database; a mail hiccup must not make the customer send it twice.
    try {
      await this.mailer.send({
        to: await this.staffAddress(),
        replyTo: input.email,
        subject: `[Contact #${id}] ${input.subject}`,
        text: [
          `New message from the contact form (#${id})`,
          '',
          `Name: ${input.fullName}`,
          `Email: ${input.email}`,
          `Language: ${input.language}`,
          `Subject: ${input.subject}`,
          '',
          input.message,
        ].join('\n'),
      });
    } catch (err) {
      log?.error({ err, contactMessageId: id }, 'contact message stored but staff mail failed');
    }
    return id;
  }

  async submitCorporateQuote(
    input: CorporateQuoteInput,
    log?: FastifyBaseLogger,
    now = new Date(),
  ): Promise<number> {
    await this.forgetOld(now);
    const id = await this.repository.insertCorporateQuote(input);
    try {
      await this.mailer.send({
        to: await this.staffAddress(),
        replyTo: input.email,
        subject: `[Corporate quote #${id}] ${input.companyName}: ${input.vehicles} vehicles`,
        text: [
          `New corporate quote request (#${id})`,
          '',
          `Company: ${input.companyName}`,
          `Contact: ${input.contactName} (${input.position})`,
          `Email: ${input.email}`,
          `Phone: ${input.phone}`,
          `Vehicles: ${input.vehicles}`,
          `Language: ${input.language}`,
          '',
          input.message || '(no message)',
        ].join('\n'),
      });
      if (await mayMailUnverified(this.counters, input.email))
        await this.mailer.send({
          to: input.email,
          subject: quoteSubject[input.language],
          text: quoteThanks[input.language](input.vehicles),
        });
      else
        log?.warn({ corporateQuoteId: id }, 'quote thank-you skipped: that address had its mails for today');
    } catch (err) {
      log?.error({ err, corporateQuoteId: id }, 'corporate quote stored but a mail failed');
    }
    return id;
  }
}
