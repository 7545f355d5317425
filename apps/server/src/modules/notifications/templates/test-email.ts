import { bidConfirmation } from './bid-confirmation';
import { defineTemplate, dollars, flag, text } from './define';

/** 'test_email': the test email, a sample bid confirmation. */
export const testEmail = defineTemplate({
  name: 'test_email',
  fields: { productTitle: text, bidAmount: dollars, isHighest: flag },
  render: (p, ctx) => {
    const sample = bidConfirmation.render({ productTitle: 'Sample lot', ...p, targetUrl: '/account' }, ctx);
    return {
      ...sample,
      email: {
        ...sample.email,
        subject: `Test email: ${sample.email.subject}`,
        heading: 'Test email: your bid is in',
        blocks: [
          {
            type: 'note',
            text: 'This is a test email you asked for in your notification settings. It shows how a bid confirmation looks; no bid was placed.',
          },
          ...sample.email.blocks.filter((b) => b.type !== 'note'),
        ],
        reason: 'you asked for a test email in your Rebound notification settings',
      },
    };
  },
});
