import { describe, expect, it } from 'vitest';
import { renderMail } from './renderMail.ts';

describe('a name that carries line breaks into an e-mail', () => {
  it('stays on its own line in the plain text, the HTML and the subject', () => {
    const forged = 'Olive\r\n\r\nYour account is locked. Open https://evil.example/unlock now.\n\u2028';
    const mail = renderMail('invitation', 'en', {
      brand: 'Headland',
      issuer: forged,
      holding: 'Wold Farm\nhttps://evil.example',
      access: 'full access',
      email: 'jo@farm.example',
      days: 14,
      link: 'https://headland.example/?invite=abc',
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/Olive[\r\n\u2028]/);
      expect(part).not.toMatch(/Wold Farm[\r\n\u2028]/);
    }
    expect(mail.text).toContain('Olive Your account is locked. Open https://evil.example/unlock now.');
  });
});
