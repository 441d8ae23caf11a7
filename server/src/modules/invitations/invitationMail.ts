import { invitationLifetimeDays } from '@headland/domain/api/permissionsApi';
import type { LanguageCode } from '@headland/domain/languages';
import type { InvitationAccessLevel } from '@headland/domain/roles';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { mailText, renderMail } from '../../mail/renderMail.ts';

export interface InvitationMailInput {
  to: string;
  /** The recipient's language (see recipientLanguage). */
  language: LanguageCode;
  holdingName: string;
  /** Who sent it, as the recipient should read it. */
  issuerName: string;
  accessLevel: InvitationAccessLevel;
  /** The web app's address with the `invite` parameter. */
  link: string;
  productName: string;
}

/** The e-mail inviting someone to a holding, in plain text and HTML, in the recipient's language. */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const { language } = input;
  const mail = renderMail('invitation', language, {
    brand: input.productName,
    issuer: input.issuerName,
    holding: input.holdingName,
    access: mailText(language, 'invitation', `access${input.accessLevel}`),
    email: input.to,
    days: invitationLifetimeDays,
    link: input.link,
  });
  return { to: input.to, subject: mail.subject, text: mail.text, html: mail.html };
}
