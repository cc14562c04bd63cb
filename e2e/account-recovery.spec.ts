import { expect, test, axeViolations } from './fixtures';
import { unique, waitForMail, waitForMails } from './mail';

/**
 * A forgotten password and a confirmed email, as a customer meets them (issue 19):
 * "Forgot your password?" on the sign-in page, the mailed link, a new password
 * that works while the old one does not; and the link in the registration mail.
 */
const texts = {
  en: {
    forgot: 'Forgot your password?',
    email: 'Email',
    send: 'Send the link',
    sent: 'If an account has this address, a link is on its way.',
    resetSubject: /Reset your Siam Drive password/,
    newPassword: 'New password',
    confirm: 'Confirm new password',
    save: 'Save the new password',
    done: 'Your password is changed',
    invalid: 'This link has expired or was already used.',
    password: 'Password',
    login: 'Log in',
    loginFailed: 'Incorrect email or password',
    verifySubject: /Confirm your email/,
    verified: 'Your email address is confirmed.',
    edit: 'Edit',
    firstName: 'First name',
    saveProfile: 'Save',
    expired: 'Your session has expired. Please sign in again',
    restored: 'Your changes were not saved because your session had expired.',
    updated: 'Profile updated successfully',
    confirmTitle: 'Please confirm your email address',
    // Spec §8: an unexpected sign-in failure is 'error during authentication'.
    signInFailed: 'Error during authentication',
    resend: 'Send the link again',
    resent: 'A new link is on its way to',
  },
  th: {
    forgot: 'ลืมรหัสผ่าน?',
    email: 'อีเมล',
    send: 'ส่งลิงก์',
    sent: 'หากมีบัญชีที่ใช้อีเมลนี้ เราได้ส่งลิงก์ไปแล้ว',
    resetSubject: /ตั้งรหัสผ่านใหม่/,
    newPassword: 'รหัสผ่านใหม่',
    confirm: 'ยืนยันรหัสผ่านใหม่',
    save: 'บันทึกรหัสผ่านใหม่',
    done: 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว',
    invalid: 'ลิงก์นี้หมดอายุหรือถูกใช้ไปแล้ว',
    password: 'รหัสผ่าน',
    login: 'เข้าสู่ระบบ',
    loginFailed: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
    verifySubject: /ยืนยันอีเมล/,
    verified: 'ยืนยันอีเมลเรียบร้อยแล้ว',
    edit: 'แก้ไข',
    firstName: 'ชื่อ',
    saveProfile: 'บันทึก',
    expired: 'เซสชันของคุณหมดอายุแล้ว',
    restored: 'การเปลี่ยนแปลงของคุณยังไม่ถูกบันทึกเพราะเซสชันหมดอายุ',
    updated: 'อัปเดตโปรไฟล์เรียบร้อยแล้ว',
    confirmTitle: 'กรุณายืนยันอีเมลของคุณ',
    signInFailed: 'เกิดข้อผิดพลาดในการยืนยันตัวตน',
    resend: 'ส่งลิงก์อีกครั้ง',
    resent: 'เราส่งลิงก์ใหม่ไปที่',
  },
} as const;

for (const [lng, t] of Object.entries(texts)) {
  test(`[${lng}] a customer who forgot the password sets a new one from the mailed link`, async ({
    page,
    request,
  }) => {
    const email = unique(`forgot-${lng}`);
    expect(
      (
        await request.post('/api/v1/auth/register', {
          data: {
            email,
            password: 'old-password-1',
            firstName: 'Nok',
            lastName: 'Dee',
            phone: '0812345678',
            language: lng,
          },
        })
      ).ok(),
    ).toBe(true);
    await page.goto(`/login?lng=${lng}`);
    await page.getByRole('link', { name: t.forgot }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.forgot })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const ask = page.getByRole('form', { name: t.forgot });
    await ask.getByLabel(t.email).fill(email);
    await ask.getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('status')).toContainText(t.sent);

    const mail = await waitForMail(email, t.resetSubject);
    const link = /https?:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9_-]+&lng=\w+/.exec(mail.text)![0];
    const path = new URL(link).pathname + new URL(link).search;
    await page.goto(path);
    await page.getByLabel(t.newPassword, { exact: true }).fill('new-password-1');
    await page.getByLabel(t.confirm, { exact: true }).fill('new-password-1');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByRole('status')).toContainText(t.done);
    // The link works once.
    await page.goto(path);
    await page.getByLabel(t.newPassword, { exact: true }).fill('third-password-1');
    await page.getByLabel(t.confirm, { exact: true }).fill('third-password-1');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByRole('alert')).toContainText(t.invalid);

    // The old password no longer signs in; the new one does.
    await page.goto(`/login?lng=${lng}`);
    const form = page.getByRole('form', { name: t.login });
    await form.getByLabel(t.email).fill(email);
    await form.getByLabel(t.password, { exact: true }).fill('old-password-1');
    await form.getByRole('button', { name: t.login }).click();
    await expect(form.getByRole('alert')).toContainText(t.loginFailed);
    await form.getByLabel(t.password, { exact: true }).fill('new-password-1');
    await form.getByRole('button', { name: t.login }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test(`[${lng}] a new customer confirms the email from the registration mail`, async ({ page, request }) => {
    const email = unique(`verify-${lng}`);
    await request.post('/api/v1/auth/register', {
      data: {
        email,
        password: 'secret-123',
        firstName: 'Nok',
        lastName: 'Dee',
        phone: '0812345678',
        language: lng,
      },
    });
    const mail = await waitForMail(email, t.verifySubject);
    const link = new URL(/https?:\/\/[^\s]+\/verify-email\?token=[A-Za-z0-9_-]+&lng=\w+/.exec(mail.text)![0]);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('status')).toContainText(t.verified);
    expect(await axeViolations(page)).toEqual([]);
  });

  test(`[${lng}] a session that runs out during a profile save: sign-in says why and the edit comes back`, async ({
    page,
    request,
  }) => {
    const email = unique(`expired-${lng}`);
    await request.post('/api/v1/auth/register', {
      data: {
        email,
        password: 'secret-123',
        firstName: 'Nok',
        lastName: 'Dee',
        phone: '0812345678',
        language: lng,
      },
    });
    const signIn = async () => {
      const form = page.getByRole('form', { name: t.login });
      await form.getByLabel(t.email).fill(email);
      await form.getByLabel(t.password, { exact: true }).fill('secret-123');
      await form.getByRole('button', { name: t.login }).click();
    };
    await page.goto(`/login?lng=${lng}`);
    await signIn();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/profile?lng=${lng}`);
    await page.getByRole('button', { name: t.edit, exact: true }).click();
    await page.getByLabel(t.firstName, { exact: true }).fill('Somsri');
    // The session ends on the server (as after its lifetime) while the page still holds the token.
    await page.evaluate(() =>
      fetch('/api/v1/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      }),
    );
    await page.getByRole('button', { name: t.saveProfile, exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert').filter({ hasText: t.expired })).toBeVisible();
    await signIn();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByRole('alert').filter({ hasText: t.restored })).toBeVisible();
    await expect(page.getByLabel(t.firstName, { exact: true })).toHaveValue('Somsri');
    await page.getByRole('button', { name: t.saveProfile, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t.updated })).toBeVisible();
    await expect(page.getByText('Somsri', { exact: true })).toBeVisible();
  });

  test(`[${lng}] the profile asks to confirm the email, sends the link again, and stops asking once confirmed`, async ({
    page,
    request,
  }) => {
    const email = unique(`confirm-${lng}`);
    await request.post('/api/v1/auth/register', {
      data: {
        email,
        password: 'secret-123',
        firstName: 'Nok',
        lastName: 'Dee',
        phone: '0812345678',
        language: lng,
      },
    });
    await page.goto(`/login?lng=${lng}`);
    const form = page.getByRole('form', { name: t.login });
    await form.getByLabel(t.email).fill(email);
    await form.getByLabel(t.password, { exact: true }).fill('secret-123');
    await form.getByRole('button', { name: t.login }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/profile?lng=${lng}`);
    const note = page.getByRole('region', { name: t.confirmTitle });
    await expect(note).toBeVisible();
    await note.getByRole('button', { name: t.resend }).click();
    await expect(note.getByRole('status')).toContainText(`${t.resent} ${email}`);
    const mails = await waitForMails(email, t.verifySubject, 2);
    const link = new URL(
      /https?:\/\/[^\s]+\/verify-email\?token=[A-Za-z0-9_-]+&lng=\w+/.exec(mails.at(-1)!.text)![0],
    );
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('status')).toContainText(t.verified);
    await page.goto(`/profile?lng=${lng}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(note).toHaveCount(0);
  });

  test(`[${lng}] a sign-in answer without a token, or a server error, says 'error during authentication' and keeps nothing`, async ({
    page,
  }) => {
    const answers = [
      { status: 200, body: '{}' },
      { status: 500, body: '{"status":false,"code":"INTERNAL_ERROR","msg":"Server error"}' },
    ];
    let next = 0;
    await page.route('**/api/v1/auth/login', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ ...answers[next++ % answers.length]!, contentType: 'application/json' })
        : route.continue(),
    );
    await page.goto(`/login?lng=${lng}`);
    const form = page.getByRole('form', { name: t.login });
    await form.getByLabel(t.email).fill('someone@example.com');
    await form.getByLabel(t.password, { exact: true }).fill('secret-123');
    for (let i = 0; i < answers.length; i++) {
      await form.getByRole('button', { name: t.login }).click();
      await expect(form.getByRole('alert')).toHaveText(t.signInFailed);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await expect(page).toHaveURL(/\/login/);
    }
  });
}
