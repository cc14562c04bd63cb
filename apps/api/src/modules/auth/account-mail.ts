import type { Language } from '@siam/contract/languages';
import type { MailMessage } from '../../lib/mailer';

/**
 * The account's own mails (issue 19), in the account's language: a password
 * reset link, a verification link, "your password was changed", and "someone
 * tried to register with your address", and "many sign-ins failed on your account". Only our text and our links: nothing a
 * stranger typed is ever put in them.
 */
const texts = {
  en: {
    resetSubject: 'Reset your Siam Drive password',
    reset: (link: string) =>
      `Hello,\n\nSomeone asked to reset the password of the Siam Drive account for this address. To choose a new password, open this link within 30 minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\nSiam Drive`,
    changedSubject: 'Your Siam Drive password was changed',
    changed: (login: string, forgot: string) =>
      `Hello,\n\nThe password of your Siam Drive account was just changed, and every device was signed out. Sign in with the new password: ${login}\n\nIf you did not do this, reset your password now: ${forgot}\n\nSiam Drive`,
    verifySubject: 'Confirm your email for Siam Drive',
    verify: (link: string) =>
      `Hello,\n\nPlease confirm this is your email address by opening this link within 48 hours:\n\n${link}\n\nA confirmed address lets you hold more bookings awaiting payment, and makes sure our messages reach you.\n\nSiam Drive`,
    takenSubject: 'Someone tried to register with your email at Siam Drive',
    taken: (login: string, forgot: string) =>
      `Hello,\n\nSomeone just tried to create a Siam Drive account with this email address, which already has an account. Nothing was changed.\n\nIf it was you: sign in at ${login}, or if you forgot your password, reset it at ${forgot}\n\nIf it was not you, you need not do anything.\n\nSiam Drive`,
    failuresSubject: 'Failed sign-ins on your Siam Drive account',
    failures: (count: number, forgot: string) =>
      `Hello,\n\nIn the last day there were ${count} failed attempts to sign in to your Siam Drive account with a wrong password. Nobody got in, and each further attempt now takes a stranger's computer longer.\n\nIf it was you, you need not do anything. If it was not, and your password is one you use elsewhere or is easy to guess, choose a new one: ${forgot}\n\nSiam Drive`,
  },
  th: {
    resetSubject: 'ตั้งรหัสผ่านใหม่สำหรับสยามไดรฟ์',
    reset: (link: string) =>
      `สวัสดีค่ะ\n\nมีผู้ขอตั้งรหัสผ่านใหม่สำหรับบัญชีสยามไดรฟ์ของอีเมลนี้ หากต้องการตั้งรหัสผ่านใหม่ กรุณาเปิดลิงก์นี้ภายใน 30 นาที:\n\n${link}\n\nหากคุณไม่ได้ขอ ไม่ต้องดำเนินการใด ๆ รหัสผ่านเดิมยังใช้ได้ตามปกติ\n\nสยามไดรฟ์`,
    changedSubject: 'รหัสผ่านสยามไดรฟ์ของคุณถูกเปลี่ยนแล้ว',
    changed: (login: string, forgot: string) =>
      `สวัสดีค่ะ\n\nรหัสผ่านบัญชีสยามไดรฟ์ของคุณเพิ่งถูกเปลี่ยน และทุกอุปกรณ์ถูกออกจากระบบแล้ว เข้าสู่ระบบด้วยรหัสผ่านใหม่ได้ที่: ${login}\n\nหากคุณไม่ได้เป็นผู้เปลี่ยน กรุณาตั้งรหัสผ่านใหม่ทันที: ${forgot}\n\nสยามไดรฟ์`,
    verifySubject: 'ยืนยันอีเมลของคุณสำหรับสยามไดรฟ์',
    verify: (link: string) =>
      `สวัสดีค่ะ\n\nกรุณายืนยันว่านี่คืออีเมลของคุณ โดยเปิดลิงก์นี้ภายใน 48 ชั่วโมง:\n\n${link}\n\nอีเมลที่ยืนยันแล้วช่วยให้คุณมีการจองที่รอชำระเงินได้มากขึ้น และได้รับข่าวสารจากเราแน่นอน\n\nสยามไดรฟ์`,
    takenSubject: 'มีผู้พยายามสมัครสมาชิกด้วยอีเมลของคุณที่สยามไดรฟ์',
    taken: (login: string, forgot: string) =>
      `สวัสดีค่ะ\n\nมีผู้พยายามสร้างบัญชีสยามไดรฟ์ด้วยอีเมลนี้ ซึ่งมีบัญชีอยู่แล้ว ไม่มีการเปลี่ยนแปลงใด ๆ\n\nหากเป็นคุณ: เข้าสู่ระบบได้ที่ ${login} หรือหากลืมรหัสผ่าน ตั้งรหัสผ่านใหม่ได้ที่ ${forgot}\n\nหากไม่ใช่คุณ ไม่ต้องดำเนินการใด ๆ\n\nสยามไดรฟ์`,
    failuresSubject: 'มีการเข้าสู่ระบบไม่สำเร็จหลายครั้งในบัญชีสยามไดรฟ์ของคุณ',
    failures: (count: number, forgot: string) =>
      `สวัสดีค่ะ\n\nในหนึ่งวันที่ผ่านมา มีการพยายามเข้าสู่ระบบบัญชีสยามไดรฟ์ของคุณด้วยรหัสผ่านที่ไม่ถูกต้อง ${count} ครั้ง ไม่มีผู้ใดเข้าสู่บัญชีได้ และการพยายามครั้งต่อไปจะใช้เวลาของเครื่องผู้อื่นนานขึ้นเรื่อย ๆ\n\nหากเป็นคุณ ไม่ต้องดำเนินการใด ๆ หากไม่ใช่คุณ และรหัสผ่านของคุณใช้ซ้ำกับที่อื่นหรือเดาได้ง่าย กรุณาตั้งรหัสผ่านใหม่: ${forgot}\n\nสยามไดรฟ์`,
  },
  zh: {
    resetSubject: '重置您的 Siam Drive 密码',
    reset: (link: string) =>
      `您好：\n\n有人申请重置此邮箱对应的 Siam Drive 账号密码。如需设置新密码，请在 30 分钟内打开以下链接：\n\n${link}\n\n如果不是您本人操作，请忽略本邮件，您的密码不会改变。\n\nSiam Drive`,
    changedSubject: '您的 Siam Drive 密码已更改',
    changed: (login: string, forgot: string) =>
      `您好：\n\n您的 Siam Drive 账号密码刚刚已更改，所有设备均已退出登录。请使用新密码登录：${login}\n\n如果不是您本人操作，请立即重置密码：${forgot}\n\nSiam Drive`,
    verifySubject: '请确认您在 Siam Drive 的邮箱',
    verify: (link: string) =>
      `您好：\n\n请在 48 小时内打开以下链接，确认这是您的邮箱地址：\n\n${link}\n\n确认邮箱后，您可同时保留更多待付款的预订，并确保收到我们的通知。\n\nSiam Drive`,
    takenSubject: '有人尝试用您的邮箱注册 Siam Drive',
    taken: (login: string, forgot: string) =>
      `您好：\n\n有人刚刚尝试用此邮箱创建 Siam Drive 账号，但该邮箱已有账号，未做任何更改。\n\n如果是您本人：请在 ${login} 登录；如果忘记密码，请在 ${forgot} 重置。\n\n如果不是您本人，无需任何操作。\n\nSiam Drive`,
    failuresSubject: '您的 Siam Drive 账号有多次登录失败',
    failures: (count: number, forgot: string) =>
      `您好：\n\n过去一天内，有人用错误的密码尝试登录您的 Siam Drive 账号 ${count} 次。没有人登录成功，而且之后的每次尝试都会让他人的电脑花费更长时间。\n\n如果是您本人，无需任何操作。如果不是，且您的密码在别处也使用过或容易被猜到，请设置新密码：${forgot}\n\nSiam Drive`,
  },
} as const;

export type AccountMail = 'reset' | 'changed' | 'verify' | 'taken' | 'failures';

export function accountMail(
  kind: AccountMail,
  to: string,
  lang: Language,
  publicUrl: string,
  token?: string,
  /** For 'failures': how many sign-ins failed. */
  failures?: number,
): MailMessage {
  const t = texts[lang];
  const login = `${publicUrl}/login?lng=${lang}`;
  const forgot = `${publicUrl}/forgot-password?lng=${lang}`;
  switch (kind) {
    case 'reset':
      return {
        to,
        subject: t.resetSubject,
        text: t.reset(`${publicUrl}/reset-password?token=${token}&lng=${lang}`),
      };
    case 'verify':
      return {
        to,
        subject: t.verifySubject,
        text: t.verify(`${publicUrl}/verify-email?token=${token}&lng=${lang}`),
      };
    case 'changed':
      return { to, subject: t.changedSubject, text: t.changed(login, forgot) };
    case 'taken':
      return { to, subject: t.takenSubject, text: t.taken(login, forgot) };
    case 'failures':
      return { to, subject: t.failuresSubject, text: t.failures(failures ?? 0, forgot) };
  }
}
