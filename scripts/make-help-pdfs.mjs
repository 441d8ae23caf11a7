// Writes the help dialog's PDF manuals (web/public/help/<name>.pdf) from their text in docs/help/<name>.txt:
// a first line that is the title, then paragraphs separated by blank lines; a line starting with "# " is a
// heading. Run `node scripts/make-help-pdfs.mjs` after changing a text; the PDFs are committed.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Buffer } from 'node:buffer';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = join(root, 'docs/help');
const targetDir = join(root, 'web/public/help');

const pageWidth = 595;
const pageHeight = 842;
const margin = 56;
const bodySize = 11;
const lineHeight = 15;
/** Helvetica at 11 pt averages about 5.5 pt a character: lines are wrapped at this many. */
const wrapAt = 82;

function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The text as drawn lines: [font size, bold, text]; a blank entry is a paragraph gap. */
function layout(source) {
  const [title, ...rest] = source.trim().split('\n');
  const lines = [[18, true, title.trim()], null];
  for (const paragraph of rest.join('\n').split(/\n\s*\n/)) {
    const text = paragraph.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (text.startsWith('# ')) lines.push([13, true, text.slice(2)]);
    else for (const line of wrap(text, wrapAt)) lines.push([bodySize, false, line]);
    lines.push(null);
  }
  return lines;
}

function escapePdf(text) {
  return text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '?');
}

/** Page content streams of the lines. */
function pages(lines) {
  const streams = [];
  let ops = [];
  let y = pageHeight - margin;
  for (const line of lines) {
    const height = line ? Math.max(lineHeight, line[0] + 6) : lineHeight / 2;
    if (y - height < margin) {
      streams.push(ops.join('\n'));
      ops = [];
      y = pageHeight - margin;
    }
    y -= height;
    if (line)
      ops.push(`BT /${line[1] ? 'F2' : 'F1'} ${line[0]} Tf ${margin} ${y} Td (${escapePdf(line[2])}) Tj ET`);
  }
  streams.push(ops.join('\n'));
  return streams;
}

function pdf(title, streams) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pageTree = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title (${escapePdf(title)}) /Producer (Headland) >>`);
  const kids = streams.map((stream) => {
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R /Lang (en-GB) >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

mkdirSync(targetDir, { recursive: true });
for (const file of readdirSync(sourceDir).filter((name) => name.endsWith('.txt'))) {
  const source = readFileSync(join(sourceDir, file), 'utf8');
  const title = source.trim().split('\n')[0].trim();
  writeFileSync(join(targetDir, `${basename(file, '.txt')}.pdf`), pdf(title, pages(layout(source))));
}
