import { invitationLifetimeDays } from '@headland/domain/api/permissionsApi';
import { invitationAccessLevelNames, type InvitationAccessLevel } from '@headland/domain/roles';
import type { OutgoingMail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/outboxPage.ts';

export interface InvitationMailInput {
  to: string;
  holdingName: string;
  /** Who sent it, as the recipient should read it. */
  issuerName: string;
  accessLevel: InvitationAccessLevel;
  /** The web app's address with the `invite` parameter. */
  link: string;
  productName: string;
}

/** The e-mail inviting someone to a holding, in plain text and HTML. */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const level = invitationAccessLevelNames[input.accessLevel];
  // Header lines end at a line break: names never carry one into the subject.
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
    `To accept, open this link and sign in with this e-mail address (${input.to}):`,
    input.link,
    `The link works once, for ${invitationLifetimeDays} days.`,
    '',
    'If you have no account yet, create one with this e-mail address first.',
    'If you were not expecting this invitation, you can ignore this e-mail.',
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif">
<p>Hello,</p>
<p>${escapeHtml(input.issuerName)} has invited you to join the holding <strong>${escapeHtml(input.holdingName)}</strong>
on ${escapeHtml(input.productName)} with ${escapeHtml(level)} access.</p>
<p>To accept, open this link and sign in with this e-mail address (${escapeHtml(input.to)}):<br>
<a href="${link}">${link}</a><br>
The link works once, for ${invitationLifetimeDays} days.</p>
<p>If you have no account yet, create one with this e-mail address first.<br>
If you were not expecting this invitation, you can ignore this e-mail.</p>
</body></html>
`;
  return { to: input.to, subject, text, html };
}
