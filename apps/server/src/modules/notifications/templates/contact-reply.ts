import { defineTemplate, id, text } from './define';
import { sms, str } from './format';
import type { Block } from './types';

/** Paragraphs of a staff reply: blank lines split them, single line breaks stay within one. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

/**
 * 'contact_reply': staff answer a message sent through the contact form.
 * The visitor may have no account, so the footer is the account one (no settings link).
 */
export const contactReply = defineTemplate({
  name: 'contact_reply',
  fields: { name: text, reply: text, contactMessageId: id },
  render: (p, ctx) => {
    const name = str(p.name, 100);
    const reply = str(p.reply, 5000) ?? '';
    const original = str(p.message, 600);
    const blocks: Block[] = [
      ...(name ? [{ type: 'p' as const, text: `Hi ${name},` }] : []),
      ...paragraphs(reply).map((text) => ({ type: 'p' as const, text })),
      { type: 'p', text: '— The Rebound team' },
      ...(original ? [{ type: 'note' as const, text: `You wrote: “${original}”` }] : []),
    ];
    const url = `${ctx.publicUrl}/contact`;
    blocks.push(
      { type: 'button', label: 'Write to us again', url },
      { type: 'note', text: 'To answer, write to us again through the contact page.' },
    );
    return {
      email: {
        subject: 'Re: your message to Rebound',
        preheader: paragraphs(reply)[0]?.slice(0, 140) ?? 'We answered your message.',
        heading: 'We answered your message',
        blocks,
        reason: 'you wrote to Rebound through the contact form',
        footer: 'account',
      },
      sms: sms(`Rebound answered your message: ${reply.slice(0, 120)}`, url),
      push: { title: 'Rebound answered your message', body: reply.slice(0, 140), url },
    };
  },
});
