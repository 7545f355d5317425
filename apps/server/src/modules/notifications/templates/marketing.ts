import { defineTemplate, text } from './define';
import { messageOf, siteUrl, sms, str } from './format';
import type { Block } from './types';

/** 'marketing': staff-written news (CASL: consent and one-click unsubscribe). */
export const marketing = defineTemplate({
  name: 'marketing',
  kind: 'marketing',
  fields: { subject: text, text: text, url: text },
  render: (p, ctx) => {
    const subject = str(p.subject, 150) ?? 'News from Rebound';
    const text = str(p.text, 5000) ?? messageOf(p);
    const url = siteUrl(ctx, [p.url, p.targetUrl], '/shop');
    const paragraphs = text
      .split(/\n\s*\n/)
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 20)
      .map((t): Block => ({ type: 'p', text: t }));
    return {
      email: {
        subject,
        preheader: text.slice(0, 140),
        heading: subject,
        blocks: [...paragraphs, { type: 'button', label: 'Take a look', url }],
        reason: 'you agreed to get marketing messages from Rebound',
      },
      sms: sms(subject, url),
      push: { title: subject, body: text.slice(0, 180), url, tag: 'marketing' },
    };
  },
});
