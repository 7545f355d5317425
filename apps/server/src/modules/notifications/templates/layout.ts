// The one email layout: the Rebound header, a card with the message, the footer with why the
// shopper got it, the settings link (and the unsubscribe link where CASL needs one) and the
// seller's name and address. Inline styles (mail clients drop most <style>), no tables, one
// column that fits a phone; a prefers-color-scheme block for clients that support dark mode,
// and colours that stay readable where a client inverts them itself. Every value is escaped here.
import { escapeHtml } from '../../../lib/html';
import { SELLER } from './company';
import type { Block, EmailContent, Lot } from './types';

/** Content-ID of the inline QR image of a 'code' block (the sender attaches the PNG). */
export const QR_CID = 'pickup-qr@rebound';

export interface LayoutLinks {
  /** Absolute link to the notification settings (/account). */
  settingsUrl: string;
  /** The visible unsubscribe link and what it stops, for new-drops and marketing emails. */
  unsubscribe?: { url: string; name: string };
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const C = {
  canvas: '#f7f6f3',
  card: '#ffffff',
  ink: '#1c1b19',
  body: '#2d2b28',
  muted: '#5c5851',
  line: '#e1ded8',
  brand: '#07725a',
  brandSoft: '#ecfdf6',
  code: '#032a23',
};

const e = escapeHtml;

function lotHtml(lot: Lot): string {
  const meta = [
    lot.price ? `<strong style="color:${C.ink}">${e(lot.price)}</strong>` : '',
    lot.ends ? e(lot.ends) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return `<li style="margin:0 0 12px;padding:12px 14px;border:1px solid ${C.line};border-radius:10px;list-style:none">
<a class="rb-link" href="${e(lot.url)}" style="color:${C.brand};font-weight:700;font-size:16px;text-decoration:underline">${e(lot.title)}</a>
${meta ? `<div class="rb-muted" style="margin-top:4px;font-size:14px;color:${C.muted}">${meta}</div>` : ''}
</li>`;
}

function blockHtml(b: Block): string {
  switch (b.type) {
    case 'p':
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${C.body}" class="rb-body">${e(b.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${C.muted}" class="rb-muted">${e(b.text)}</p>`;
    case 'h2':
      return `<h2 style="margin:24px 0 12px;font-size:18px;line-height:1.3;color:${C.ink}" class="rb-ink">${e(b.text)}</h2>`;
    case 'button':
      return `<p style="margin:8px 0 24px"><a class="rb-button" href="${e(b.url)}" style="display:inline-block;background:${C.brand};color:#ffffff;font-weight:700;font-size:16px;line-height:1.2;text-decoration:none;padding:14px 22px;border-radius:10px;border:2px solid ${C.brand}">${e(b.label)}</a></p>`;
    case 'facts':
      return `<dl style="margin:0 0 20px;padding:14px 16px;background:${C.canvas};border-radius:10px" class="rb-soft">${b.rows
        .map(
          (r) =>
            `<div style="margin:0 0 6px"><dt style="display:inline;font-size:14px;color:${C.muted}" class="rb-muted">${e(r.label)}: </dt><dd style="display:inline;margin:0;font-size:${r.strong ? '17px' : '15px'};font-weight:${r.strong ? '800' : '600'};color:${C.ink}" class="rb-ink">${e(r.value)}</dd></div>`,
        )
        .join('')}</dl>`;
    case 'code':
      return `<div style="margin:0 0 20px;padding:16px;background:${C.brandSoft};border:2px dashed ${C.brand};border-radius:12px;text-align:center" class="rb-code-box">
<div style="font-size:14px;color:${C.body}" class="rb-body">${e(b.label)}</div>
<div style="margin-top:6px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:36px;font-weight:800;letter-spacing:6px;color:${C.code}" class="rb-code">${e(b.code)}</div>
${b.qrUrl || b.qr ? `<img src="${b.qrUrl ? e(b.qrUrl) : `cid:${QR_CID}`}" width="168" height="168" alt="QR code for pickup code ${e(b.code)}" style="display:block;margin:14px auto 0;width:168px;height:168px;background:#ffffff;border-radius:8px">` : ''}
</div>`;
    case 'lots':
      return `<ul style="margin:0 0 16px;padding:0">${b.lots.map(lotHtml).join('')}</ul>`;
  }
}

function blockText(b: Block): string {
  switch (b.type) {
    case 'p':
    case 'note':
      return b.text;
    case 'h2':
      return `${b.text}\n${'-'.repeat(Math.min(b.text.length, 60))}`;
    case 'button':
      return `${b.label}: ${b.url}`;
    case 'facts':
      return b.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
    case 'code':
      return `${b.label}: ${b.code}`;
    case 'lots':
      return b.lots
        .map((l) => `- ${[l.title, l.price, l.ends].filter(Boolean).join(' · ')}\n  ${l.url}`)
        .join('\n');
  }
}

const DARK = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .rb-canvas { background: #100f0e !important; }
  .rb-card { background: #1c1b19 !important; border-color: #46433e !important; }
  .rb-ink, .rb-ink a { color: #f6f5f2 !important; }
  .rb-body { color: #e1ded8 !important; }
  .rb-muted, .rb-muted a { color: #c9c5bd !important; }
  .rb-soft { background: #2d2b28 !important; }
  .rb-link { color: #6ce4bb !important; }
  .rb-button { background: #34cc9d !important; border-color: #34cc9d !important; color: #032a23 !important; }
  .rb-code-box { background: #032a23 !important; border-color: #34cc9d !important; }
  .rb-code { color: #d1fae8 !important; }
  li { border-color: #46433e !important; }
}
@media (max-width: 480px) {
  .rb-card { padding: 20px 16px !important; }
  .rb-code { font-size: 30px !important; letter-spacing: 4px !important; }
}`;

function footerHtml(c: EmailContent, links: LayoutLinks): string {
  const lines = [`You got this email because ${e(c.reason)}.`];
  if ((c.footer ?? 'service') === 'service') {
    lines.push(
      `Choose which messages you get, and how, in your <a class="rb-link" href="${e(links.settingsUrl)}" style="color:${C.brand}">notification settings</a>.`,
    );
  }
  if (links.unsubscribe) {
    lines.push(
      `Don't want ${e(links.unsubscribe.name)}? <a class="rb-link" href="${e(links.unsubscribe.url)}" style="color:${C.brand};font-weight:700">Unsubscribe</a> with one click.`,
    );
  }
  lines.push(
    `${e(SELLER.legalName)} · ${e(SELLER.address)} · <a class="rb-link" href="mailto:${e(SELLER.supportEmail)}" style="color:${C.brand}">${e(SELLER.supportEmail)}</a>`,
  );
  return lines
    .map(
      (l) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${C.muted}" class="rb-muted">${l}</p>`,
    )
    .join('\n');
}

function footerText(c: EmailContent, links: LayoutLinks): string {
  const lines = [`You got this email because ${c.reason}.`];
  if ((c.footer ?? 'service') === 'service') lines.push(`Notification settings: ${links.settingsUrl}`);
  if (links.unsubscribe) lines.push(`Unsubscribe from ${links.unsubscribe.name}: ${links.unsubscribe.url}`);
  lines.push(`${SELLER.legalName}, ${SELLER.address}. ${SELLER.supportEmail}`);
  return lines.join('\n');
}

export function layoutHtml(c: EmailContent, links: LayoutLinks): string {
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${e(c.subject)}</title>
<style>${DARK}</style>
</head>
<body class="rb-canvas" style="margin:0;padding:0;background:${C.canvas};font-family:${FONT};-webkit-text-size-adjust:100%">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${e(c.preheader)}</div>
<div class="rb-canvas" role="article" aria-roledescription="email" aria-label="${e(c.subject)}" lang="en-CA" style="background:${C.canvas};padding:24px 12px">
<div style="max-width:560px;margin:0 auto">
<div style="padding:0 4px 16px">
<span aria-hidden="true" style="display:inline-block;width:28px;height:28px;border-radius:8px;background:${C.brand};color:#ffffff;font-weight:800;font-size:17px;line-height:28px;text-align:center;vertical-align:middle">R</span>
<span class="rb-ink" style="margin-left:8px;font-size:20px;font-weight:800;letter-spacing:-0.3px;color:${C.ink};vertical-align:middle">Rebound</span>
</div>
<div class="rb-card" style="background:${C.card};border:1px solid ${C.line};border-radius:14px;padding:28px 24px">
<h1 class="rb-ink" style="margin:0 0 16px;font-size:24px;line-height:1.25;color:${C.ink}">${e(c.heading)}</h1>
${c.blocks.map(blockHtml).join('\n')}
</div>
<div style="padding:20px 4px 0">
${footerHtml(c, links)}
</div>
</div>
</div>
</body>
</html>`;
}

export function layoutText(c: EmailContent, links: LayoutLinks): string {
  if (c.text !== undefined) return c.text;
  return `${c.heading}\n\n${c.blocks.map(blockText).join('\n\n')}\n\n--\n${footerText(c, links)}\n`;
}
