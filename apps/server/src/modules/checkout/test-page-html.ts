// The built-in test checkout's hosted page (docs/decisions/013-payments.md): server-rendered HTML, no script,
// styled like the site (brand green, the system/Inter font), usable on a phone, every field
// labelled. Every dynamic value goes through escapeHtml.
import { formatCents } from '@rebound/core/money';
import { escapeHtml } from '../../lib/html';

export interface PageLine {
  name: string;
  amountCents: number;
}

export type PageState =
  | { kind: 'form'; values?: { name?: string; expiry?: string }; errors?: FieldErrors; banner?: string }
  | { kind: 'paid'; successPath: string }
  | { kind: 'expired' }
  | { kind: 'closed' };

export type FieldErrors = Partial<Record<'card' | 'expiry' | 'cvc' | 'name', string>>;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f7f6f3;color:#1c1b19;font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;-webkit-font-smoothing:antialiased}
.test{background:#fef3c7;color:#78350f;border-bottom:2px solid #f59e0b;padding:.6rem 1rem;text-align:center;font-size:.9rem}
.test strong{letter-spacing:.08em}
main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.brand{font-weight:800;font-size:1.4rem;color:#07725a;text-decoration:none}
h1{font-size:1.35rem;margin:.75rem 0 1rem}
.card{background:#fff;border:1px solid #e1ded8;border-radius:.75rem;padding:1.1rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse;font-size:.95rem}
td{padding:.3rem 0;vertical-align:top}
td.amt{text-align:right;white-space:nowrap;padding-left:1rem;font-variant-numeric:tabular-nums}
tr.total td{border-top:1px solid #e1ded8;padding-top:.6rem;font-weight:700;font-size:1.05rem}
label{display:block;font-weight:600;font-size:.9rem;margin:.8rem 0 .25rem}
input{width:100%;font:inherit;font-size:1rem;padding:.7rem .75rem;border:1px solid #c9c5bd;border-radius:.5rem;background:#fff;color:inherit}
input:focus{outline:2px solid #078f6e;outline-offset:1px;border-color:#078f6e}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.err{color:#b91c1c;font-size:.85rem;margin:.25rem 0 0}
.alert{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:.5rem;padding:.7rem .9rem;margin-bottom:1rem}
.ok{background:#ecfdf6;border:1px solid #a6f2d4;color:#0a4a3d;border-radius:.5rem;padding:.7rem .9rem;margin-bottom:1rem}
button{width:100%;margin-top:1.25rem;min-height:3rem;font:inherit;font-weight:700;font-size:1.05rem;color:#fff;background:#07725a;border:0;border-radius:.5rem;cursor:pointer}
button:hover{background:#0a5a49}button:focus-visible{outline:3px solid #34cc9d;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:1rem;color:#07725a;font-weight:600}
.btn{display:block;text-align:center;padding:.8rem;border-radius:.5rem;background:#07725a;color:#fff;font-weight:700;text-decoration:none}
.hint{font-size:.85rem;color:#5c5851;margin:.5rem 0 0}
`;

function field(
  id: string,
  name: string,
  label: string,
  attrs: string,
  value: string,
  error: string | undefined,
): string {
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" ${attrs} value="${escapeHtml(value)}"${described} required>
${error ? `<p class="err" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

/** Where 'Cancel' and 'Back' go: the cart for orders, the pickup page for a storage-fee payment. */
export interface PageBack {
  href: string;
  /** 'the cart', 'your pickup page'. */
  place: string;
}

export const CART_BACK: PageBack = { href: '/cart', place: 'your cart' };

export function renderTestCheckoutPage(opts: {
  action: string;
  lines: PageLine[];
  totalCents: number;
  state: PageState;
  back?: PageBack;
}): string {
  const { state } = opts;
  const back = opts.back ?? CART_BACK;
  const backHref = escapeHtml(back.href);
  const backPlace = escapeHtml(back.place);
  const rows = opts.lines
    .map((l) => `<tr><td>${escapeHtml(l.name)}</td><td class="amt">${formatCents(l.amountCents)}</td></tr>`)
    .join('');
  const summary = `<section class="card" aria-labelledby="summary-title">
<h2 id="summary-title" style="font-size:1rem;margin:0 0 .5rem">Order summary</h2>
<table><tbody>${rows}<tr class="total"><td>Total</td><td class="amt">${formatCents(opts.totalCents)}</td></tr></tbody></table>
</section>`;

  let body: string;
  if (state.kind === 'paid') {
    body = `<div class="ok" role="status">This checkout has already been paid.</div>
<a class="btn" href="${escapeHtml(state.successPath)}">See your payment confirmation</a>`;
  } else if (state.kind === 'expired') {
    body = `<div class="alert" role="alert">This checkout has expired. Please return to ${backPlace} and check out again.</div>
<a class="btn" href="${backHref}">Back to ${backPlace}</a>`;
  } else if (state.kind === 'closed') {
    body = `<div class="alert" role="alert">This checkout can no longer be paid. Please return to ${backPlace}.</div>
<a class="btn" href="${backHref}">Back to ${backPlace}</a>`;
  } else {
    const errors = state.errors ?? {};
    const values = state.values ?? {};
    body = `${state.banner ? `<div class="alert" role="alert">${escapeHtml(state.banner)}</div>` : ''}
<form class="card" method="post" action="${escapeHtml(opts.action)}" novalidate>
<h2 style="font-size:1rem;margin:0">Pay with card</h2>
<p class="hint">Test card: 4242 4242 4242 4242 (any future expiry, any CVC); 5555 5555 5555 4444 and 4000 0566 5566 5556 pay too. 4000 0000 0000 0002 is declined.</p>
${field('card', 'cardNumber', 'Card number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234"', '', errors.card)}
<div class="row"><div>
${field('expiry', 'expiry', 'Expiry', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM / YY"', values.expiry ?? '', errors.expiry)}
</div><div>
${field('cvc', 'cvc', 'CVC', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', '', errors.cvc)}
</div></div>
${field('name', 'name', 'Name on card', 'type="text" autocomplete="cc-name" maxlength="100"', values.name ?? '', errors.name)}
<button type="submit">Pay ${formatCents(opts.totalCents)}</button>
</form>
<a class="cancel" href="${backHref}">Cancel and return to ${backPlace}</a>`;
  }

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE · Checkout · Rebound</title>
<style>${STYLE}</style>
</head>
<body>
<div class="test" role="note"><strong>TEST MODE</strong> · No real card is charged and no money moves.</div>
<main>
<a class="brand" href="/">Rebound</a>
<h1>Checkout</h1>
${summary}
${body}
</main>
</body>
</html>`;
}

export function renderNotFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Checkout not found · Rebound</title><style>${STYLE}</style></head>
<body><div class="test" role="note"><strong>TEST MODE</strong></div><main><a class="brand" href="/">Rebound</a>
<h1>Checkout not found</h1><div class="alert" role="alert">This checkout does not exist.</div>
<a class="btn" href="/cart">Back to cart</a></main></body></html>`;
}
