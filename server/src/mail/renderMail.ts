import { defaultLanguage, supportedLanguage, type LanguageCode } from '@headland/domain/languages';
import { escapeHtml } from './outboxPage.ts';
import bg from './texts/bg.json' with { type: 'json' };
import cs from './texts/cs.json' with { type: 'json' };
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };
import hu from './texts/hu.json' with { type: 'json' };
import it from './texts/it.json' with { type: 'json' };
import nl from './texts/nl.json' with { type: 'json' };
import pl from './texts/pl.json' with { type: 'json' };
import ro from './texts/ro.json' with { type: 'json' };
import sk from './texts/sk.json' with { type: 'json' };

/** The texts of every e-mail in one language: sections of named texts with `{{param}}` placeholders. */
export type MailTexts = Record<string, Record<string, string>>;

/** The e-mail texts of each language; English is the reference every language has all keys of. */
export const mailTexts: Readonly<Record<LanguageCode, MailTexts>> = {
  bg,
  cs,
  de,
  en,
  es,
  fr,
  hu,
  it,
  nl,
  pl,
  ro,
  sk,
};

/** The messages the application sends; each is a section of the texts with the same name. */
export const mailKinds = [
  'invitation',
  'signupInvitation',
  'emailChange',
  'emailChangeNotice',
  'passwordReset',
  'signupLink',
  'accessAccount',
] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * What a message is filled with. `brand` (the product's name) is in every message; `link`, an http(s) address,
 * makes the message's button and is also written out in full. Values are plain text: they are escaped for HTML.
 */
export type MailParams = { brand: string; link?: string } & Record<string, string | number | undefined>;

/** A rendered message without its recipient. */
export interface RenderedMail {
  language: LanguageCode;
  subject: string;
  text: string;
  html: string;
}

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;

/** The language a mail is written in: the given one when supported, else the product's default. */
export function mailLanguage(language: string | null | undefined): LanguageCode {
  return supportedLanguage(language) ?? defaultLanguage;
}

function template(language: LanguageCode, section: string, key: string): string | undefined {
  return mailTexts[language][section]?.[key] ?? mailTexts.en[section]?.[key];
}

/** Line breaks and other control characters, which a value (a name typed by someone) never brings into a mail. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const breaksInValue = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/**
 * Fills `{{param}}` placeholders. `escape` is applied to the template's own text and to each value apart, so
 * a value can never open markup; a value's line breaks become spaces, so that it cannot add lines of its own
 * to a message. A placeholder without a value is a programming error and throws.
 */
function fill(text: string, params: MailParams, escape: (value: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(placeholder)) {
    const value = params[match[1]!];
    if (value === undefined) throw new Error(`The e-mail text needs the parameter '${match[1]}'.`);
    out += escape(text.slice(last, match.index)) + escape(String(value).replace(breaksInValue, ' ').trim());
    last = match.index + match[0].length;
  }
  return out + escape(text.slice(last));
}

const asIs = (value: string) => value;

/** One text of the e-mails in a language, filled as plain text (e.g. a phrase passed on as a parameter). */
export function mailText(
  language: string | null | undefined,
  section: string,
  key: string,
  params: Partial<MailParams> = {},
): string {
  const text = template(mailLanguage(language), section, key);
  if (text === undefined) throw new Error(`There is no e-mail text ${section}.${key}.`);
  return fill(text, { brand: '', ...params } as MailParams, asIs);
}

// Colours and sizes are written on each element: many mail clients drop <style> blocks and ignore classes.
const font = 'font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2a1f;';
const paragraph = `margin: 0 0 16px 0; ${font}`;

/**
 * A message of `kind` in `language` (the default language when not supported): a subject on one line, a
 * plain-text part, and an HTML part in a simple table layout with inline styles, the brand's name, a button
 * for the link and the link written out for clients that show no buttons.
 */
export function renderMail(
  kind: MailKind,
  language: string | null | undefined,
  params: MailParams,
): RenderedMail {
  const lang = mailLanguage(language);
  const part = (section: string, key: string) => template(lang, section, key);
  const link = params.link;
  if (link !== undefined && !/^https?:\/\/[^\s<>"']+$/.test(link)) {
    throw new Error('The link of an e-mail must be an http(s) address without spaces.');
  }
  const subjectText = part(kind, 'subject');
  if (subjectText === undefined) throw new Error(`There are no e-mail texts for '${kind}'.`);
  // Header lines end at a line break: no value carries one into the subject.
  const subject = fill(subjectText, params, asIs)
    .replace(/[\r\n]+/g, ' ')
    .trim();

  const before = ['intro', 'instruction'].map((key) => part(kind, key)).filter((t) => t !== undefined);
  const after = ['expiry', 'outro'].map((key) => part(kind, key)).filter((t) => t !== undefined);
  const button = link !== undefined ? part(kind, 'button') : undefined;
  const greeting = part('common', 'greeting')!;
  const rawLink = part('common', 'rawLink')!;
  const footer = part('common', 'footer')!;

  const textLines = [fill(greeting, params, asIs), ''];
  for (const t of before) textLines.push(fill(t, params, asIs), '');
  if (link !== undefined) {
    if (button !== undefined) textLines.push(`${fill(button, params, asIs)}:`);
    textLines.push(link, '');
  }
  for (const t of after) textLines.push(fill(t, params, asIs), '');
  textLines.push('-- ', fill(footer, params, asIs), '');
  const text = textLines.join('\n');

  const html5 = (t: string) => fill(t, params, escapeHtml);
  const p = (t: string) => `<p style="${paragraph}">${html5(t)}</p>`;
  const href = link === undefined ? '' : escapeHtml(link);
  const buttonBlock =
    link === undefined
      ? ''
      : `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 16px 0;">
<tr><td align="center" bgcolor="#2e6b34" style="border-radius: 4px; background-color: #2e6b34;">
<a href="${href}" target="_blank" style="display: inline-block; padding: 12px 24px; font-family: Arial, Helvetica, sans-serif; font-size: 16px; font-weight: bold; color: #ffffff; text-decoration: none; border-radius: 4px;">${html5(button ?? link)}</a>
</td></tr>
</table>
<p style="margin: 0 0 16px 0; font-family: Arial, Helvetica, sans-serif; font-size: 13px; line-height: 1.5; color: #555555;">${html5(rawLink)}<br>
<a href="${href}" target="_blank" style="color: #2e6b34; word-break: break-all;">${href}</a></p>`;
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin: 0; padding: 0; background-color: #f2f4f1;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f2f4f1" style="background-color: #f2f4f1;">
<tr><td align="center" style="padding: 24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width: 100%; max-width: 600px; background-color: #ffffff; border: 1px solid #dde3db;">
<tr><td bgcolor="#2e6b34" style="padding: 16px 24px; background-color: #2e6b34; font-family: Arial, Helvetica, sans-serif; font-size: 20px; font-weight: bold; color: #ffffff;">${escapeHtml(params.brand)}</td></tr>
<tr><td style="padding: 24px;">
${[p(greeting), ...before.map(p), buttonBlock, ...after.map(p)].filter(Boolean).join('\n')}
</td></tr>
<tr><td style="padding: 16px 24px; border-top: 1px solid #dde3db; font-family: Arial, Helvetica, sans-serif; font-size: 12px; line-height: 1.5; color: #6b756a;">${html5(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { language: lang, subject, text, html };
}
