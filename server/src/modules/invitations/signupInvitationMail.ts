import { signupLinkLifetimeDays } from '@headland/domain/api/signupApi';
import { invitationAccessLevelNames } from '@headland/domain/roles';
import type { OutgoingMail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/outboxPage.ts';
import type { InvitationMailInput } from './invitationMail.ts';

/**
 * The e-mail inviting an address that has no account yet: its link opens the sign-up wizard, which ends in the
 * invited holding. It says nothing the plain invitation would not (the recipient owns the address).
 */
export function signupInvitationMail(input: InvitationMailInput): OutgoingMail {
  const level = invitationAccessLevelNames[input.accessLevel];
  const subject = `${input.issuerName} invited you to ${input.holdingName} on ${input.productName}`.replace(
    /[\r\n]+/g,
    ' ',
  );
  const text = [
    'Hello,',
    '',
    `${input.issuerName} has invited you to join the holding "${input.holdingName}" on ${input.productName}` +
      ` with ${level} access.`,
    '',
    `To accept, open this link and set up your account for this e-mail address (${input.to}):`,
    input.link,
    `It takes four short steps. The link works until your account is set up, for ${signupLinkLifetimeDays} days.`,
    '',
    'If you were not expecting this invitation, you can ignore this e-mail.',
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif">
<p>Hello,</p>
<p>${escapeHtml(input.issuerName)} has invited you to join the holding <strong>${escapeHtml(input.holdingName)}</strong>
on ${escapeHtml(input.productName)} with ${escapeHtml(level)} access.</p>
<p>To accept, open this link and set up your account for this e-mail address (${escapeHtml(input.to)}):<br>
<a href="${link}">${link}</a><br>
It takes four short steps. The link works until your account is set up, for ${signupLinkLifetimeDays} days.</p>
<p>If you were not expecting this invitation, you can ignore this e-mail.</p>
</body></html>
`;
  return { to: input.to, subject, text, html };
}
