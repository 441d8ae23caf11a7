import type { OutgoingMail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/outboxPage.ts';

/** The e-mail to a new address, whose link confirms it as the account's address. */
export function emailChangeMail(input: { to: string; link: string; productName: string }): OutgoingMail {
  const subject = `Confirm your new e-mail address for ${input.productName}`;
  const text = [
    'Hello,',
    '',
    `You asked to use this address (${input.to}) to sign in to ${input.productName}.`,
    'To confirm it, open this link within 24 hours:',
    input.link,
    '',
    'Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.',
    '',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif">
<p>Hello,</p>
<p>You asked to use this address (${escapeHtml(input.to)}) to sign in to ${escapeHtml(input.productName)}.
To confirm it, open this link within 24 hours:<br>
<a href="${link}">${link}</a></p>
<p>Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.</p>
</body></html>
`;
  return { to: input.to, subject, text, html };
}

/** The notice to the current address that a change was asked for; it carries no link. */
export function emailChangeNotice(input: {
  to: string;
  newEmail: string;
  productName: string;
}): OutgoingMail {
  const subject = `A change of e-mail address was requested on ${input.productName}`;
  const text = [
    'Hello,',
    '',
    `Someone signed in to your ${input.productName} account asked to change its e-mail address to ${input.newEmail}.`,
    'The change happens only once that address confirms it. If this was not you, change your password.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family: sans-serif">
<p>Hello,</p>
<p>Someone signed in to your ${escapeHtml(input.productName)} account asked to change its e-mail address to
${escapeHtml(input.newEmail)}.</p>
<p>The change happens only once that address confirms it. If this was not you, change your password.</p>
</body></html>
`;
  return { to: input.to, subject, text, html };
}
