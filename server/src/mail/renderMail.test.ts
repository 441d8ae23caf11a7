import { describe, expect, it } from 'vitest';
import { languageCodes } from '@headland/domain/languages';
import { mailKinds, mailLanguage, mailTexts, mailText, renderMail, type MailTexts } from './renderMail.ts';

const keysOf = (texts: MailTexts) =>
  Object.entries(texts)
    .flatMap(([section, entries]) => Object.keys(entries).map((key) => `${section}.${key}`))
    .sort();

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const params = {
  brand: 'Headland',
  issuer: 'Olive Owner',
  holding: 'Wold Farm',
  access: 'full access',
  email: 'jo@farm.example',
  newEmail: 'new@farm.example',
  days: 14,
  hours: 24,
  minutes: 60,
  link: 'https://headland.example/?resetPassword=abc&x=1',
};

describe('e-mail texts', () => {
  it.each(languageCodes.filter((code) => code !== 'en'))(
    '%s has every key of English, no other, with the same placeholders',
    (code) => {
      const texts = mailTexts[code];
      expect(keysOf(texts)).toEqual(keysOf(mailTexts.en));
      for (const [section, entries] of Object.entries(mailTexts.en)) {
        for (const [key, english] of Object.entries(entries)) {
          const translated = texts[section]![key]!;
          expect(translated.trim(), `${code} ${section}.${key}`).not.toBe('');
          expect(placeholdersOf(translated), `${code} ${section}.${key}`).toEqual(placeholdersOf(english));
          // Every sentence is translated: the only text equal to English would be a bare placeholder.
          if (!/^\{\{\w+\}\}$/.test(english)) {
            expect(translated, `${code} ${section}.${key}`).not.toBe(english);
          }
        }
      }
    },
  );

  // A sign-up key keeps working until the account is set up or cancelled (at most 14 days), whether it came from
  // an invitation, was asked for or came with an Access account: the messages say the same, in every language.
  it.each(languageCodes)('%s words the expiry of every sign-up link alike', (code) => {
    expect(mailTexts[code].signupLink?.expiry).toBe(mailTexts[code].signupInvitation?.expiry);
    expect(mailTexts[code].accessAccount?.expiry).toBe(mailTexts[code].signupInvitation?.expiry);
  });

  it('has the texts of every kind of message', () => {
    for (const kind of mailKinds) expect(mailTexts.en[kind]?.subject).toBeDefined();
  });
});

describe('renderMail', () => {
  it('renders subject, plain text and HTML with the button, the raw link and the brand', () => {
    const mail = renderMail('passwordReset', 'en', params);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Reset your Headland password');
    expect(mail.text).toContain('Choose a new password:\nhttps://headland.example/?resetPassword=abc&x=1\n');
    expect(mail.text).toContain('The link works once, for 60 minutes.');
    expect(mail.text).toContain('This e-mail was sent by Headland.');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('href="https://headland.example/?resetPassword=abc&amp;x=1"');
    expect(mail.html).toContain('>Choose a new password</a>');
    // The link is also written out for clients that show no buttons.
    expect(mail.html).toContain('>https://headland.example/?resetPassword=abc&amp;x=1</a>');
    expect(mail.html).toContain('>Headland</td>');
    expect(mail.html).not.toContain('<style');
  });

  it('writes in the given language and falls back to English for an unknown or missing one', () => {
    const german = renderMail('invitation', 'de', {
      ...params,
      access: mailText('de', 'invitation', 'access1'),
    });
    expect(german.language).toBe('de');
    expect(german.subject).toBe('Olive Owner hat Sie zu Wold Farm auf Headland eingeladen');
    expect(german.text).toContain('mit vollem Zugriff beizutreten');
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain('>Einladung annehmen</a>');
    expect(renderMail('passwordReset', 'pt', params).language).toBe('en');
    expect(renderMail('passwordReset', null, params).subject).toBe('Reset your Headland password');
    expect(mailLanguage('FR-ca')).toBe('fr');
  });

  it.each(languageCodes)('renders every kind of message in %s', (code) => {
    for (const kind of mailKinds) {
      const mail = renderMail(kind, code, params);
      expect(mail.subject).not.toMatch(/\{\{|\n/);
      expect(mail.text).not.toContain('{{');
      expect(mail.html).toContain(`<html lang="${code}">`);
    }
  });

  it('escapes the values in the HTML part and keeps them as typed in the text part', () => {
    const mail = renderMail('invitation', 'en', {
      ...params,
      issuer: '<b>Eve</b> & "Co"',
      holding: "O'Brien <script>alert(1)</script>",
    });
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('O&#39;Brien &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<b>Eve</b> & "Co" has invited you');
  });

  it('keeps the subject on one line whatever the values hold', () => {
    const mail = renderMail('invitation', 'en', { ...params, issuer: 'Eve\r\nBcc: all@farm.example' });
    expect(mail.subject).toBe('Eve Bcc: all@farm.example invited you to Wold Farm on Headland');
  });

  it('refuses a link that is not an http(s) address, and a missing parameter', () => {
    expect(() => renderMail('passwordReset', 'en', { ...params, link: 'javascript:alert(1)' })).toThrow(
      /http/,
    );
    expect(() => renderMail('passwordReset', 'en', { ...params, link: 'https://x.example/a b' })).toThrow();
    expect(() => renderMail('passwordReset', 'en', { brand: 'Headland', link: params.link })).toThrow(
      /email/,
    );
  });

  it('has no button or raw link in a message without a link', () => {
    const mail = renderMail('emailChangeNotice', 'fr', { brand: 'Headland', newEmail: 'new@farm.example' });
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toContain('new@farm.example');
    expect(mail.subject).toBe('Demande de changement d’adresse e-mail sur Headland');
  });
});
