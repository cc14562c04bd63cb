import type { ExchangeRates } from '@siam/contract/currencies';

/**
 * The site settings a fresh database starts with. Staff change them in the
 * back office; these are believable values, not secrets.
 */
export const defaultSiteSettings = {
  rental_open: true,
  contact: {
    phones: ['02-123-4567', '081-234-5678'],
    email: 'hello@siamdrive.co.th',
    lineId: '@siamdrive',
    messengerUrl: 'https://m.me/siamdrive',
    /** Chinese visitors' channel: the WeChat ID to add. */
    wechatId: 'siamdrive',
    /** WhatsApp, for visitors from most other countries: an international number. */
    whatsapp: '+66812345678',
    headOffice: {
      th: '99/9 อาคารสยามไดรฟ์ ถนนรัชดาภิเษก แขวงดินแดง เขตดินแดง กรุงเทพมหานคร 10400',
      en: '99/9 Siam Drive Building, Ratchadaphisek Road, Din Daeng, Bangkok 10400',
      zh: '曼谷市 Din Daeng 区 Ratchadaphisek 路 99/9 号 Siam Drive 大楼，邮编 10400',
    },
  },
  bank_account: {
    bank: { th: 'ธนาคารกสิกรไทย', en: 'Kasikornbank', zh: '开泰银行' },
    accountName: 'Siam Drive Co., Ltd.',
    accountNumber: '123-4-56789-0',
  },
  promptpay_id: '0105558000000',
  /** The seller on full tax invoices: the company's registered name and tax ID (its address: contact.headOffice). */
  company: {
    legalName: { th: 'บริษัท สยามไดรฟ์ จำกัด', en: 'Siam Drive Co., Ltd.', zh: 'Siam Drive 有限公司' },
    taxId: '0105558000006',
  },
  /**
   * Baht per yuan, dollar and euro for prices shown in those currencies (decision 1803): none until
   * admins set them (the demo sets believable ones), so a fresh site never shows a made-up rate.
   */
  exchange_rates: {
    rates: { CNY: null, USD: null, EUR: null } as ExchangeRates,
    setOn: null as string | null,
  },
} as const;
