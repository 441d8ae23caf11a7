import type { LanguageCode } from '@headland/domain/languages';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/renderMail.ts';

interface AccountMailInput {
  to: string;
  /** The account's language (see userLanguage). */
  language: LanguageCode;
  productName: string;
}

/** The e-mail to a new address, whose link confirms it as the account's address. */
export function emailChangeMail(input: AccountMailInput & { link: string; hours: number }): OutgoingMail {
  const mail = renderMail('emailChange', input.language, {
    brand: input.productName,
    email: input.to,
    hours: input.hours,
    link: input.link,
  });
  return { to: input.to, subject: mail.subject, text: mail.text, html: mail.html };
}

/** The notice to the current address that a change was asked for; it carries no link. */
export function emailChangeNotice(input: AccountMailInput & { newEmail: string }): OutgoingMail {
  const mail = renderMail('emailChangeNotice', input.language, {
    brand: input.productName,
    newEmail: input.newEmail,
  });
  return { to: input.to, subject: mail.subject, text: mail.text, html: mail.html };
}
