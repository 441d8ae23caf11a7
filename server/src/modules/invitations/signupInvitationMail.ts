import { signupLinkLifetimeDays } from '@headland/domain/api/signupApi';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { mailText, renderMail } from '../../mail/renderMail.ts';
import type { InvitationMailInput } from './invitationMail.ts';

/**
 * The e-mail inviting an address that has no account yet, in the recipient's language: its link opens the
 * sign-up wizard, which ends in the invited holding.
 */
export function signupInvitationMail(input: InvitationMailInput): OutgoingMail {
  const { language } = input;
  const mail = renderMail('signupInvitation', language, {
    brand: input.productName,
    issuer: input.issuerName,
    holding: input.holdingName,
    access: mailText(language, 'invitation', `access${input.accessLevel}`),
    email: input.to,
    days: signupLinkLifetimeDays,
    link: input.link,
  });
  return { to: input.to, subject: mail.subject, text: mail.text, html: mail.html };
}
