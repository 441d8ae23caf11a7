import type { OutboxRow } from './mailOutbox.queries.ts';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

/** The web links of a plain-text message, in order, without repeats. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

const when = (value: Date | string | null) =>
  value === null
    ? ''
    : (value instanceof Date ? value : new Date(value)).toISOString().replace('T', ' ').slice(0, 19);

/**
 * The local outbox: every message the application wrote, newest first, each with its links made clickable so
 * that someone running the product without a mail server can follow an invitation.
 */
export function renderOutboxPage(rows: readonly OutboxRow[], productName: string): string {
  const items = rows.map((row) => {
    const links = linksOf(row.text)
      .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
      .join('');
    return `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p class="meta">To ${escapeHtml(row.to)} &middot; written ${when(row.created_at)} UTC &middot; ${escapeHtml(row.status)}</p>
  ${links ? `<ul class="links">${links}</ul>` : ''}
  <pre>${escapeHtml(row.text)}</pre>
</article>`;
  });
  const body = items.length ? items.join('\n') : '<p>No e-mail has been written yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(productName)} outbox</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
article { border-top: 1px solid #ccc; padding: 0.5rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 0.5rem 0; }
.meta { color: #555; margin: 0; }
pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.75rem; }
</style>
</head>
<body>
<h1>${escapeHtml(productName)} outbox</h1>
<p>No mail server is configured (SMTP_URL), so e-mails are kept here instead of being sent.</p>
${body}
</body>
</html>
`;
}
