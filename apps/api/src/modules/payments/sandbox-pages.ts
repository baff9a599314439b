import { randomBytes } from 'node:crypto';
import { formatPence } from '@shop/contracts';
import type { PaymentIntent } from './gateway.ts';

/**
 * The sandbox gateway's pages: the card field (served in its own frame, so the shop's page never
 * handles a card number) and the 3-D Secure test page. Both talk to the shop's window only through
 * `postMessage` with the shop's origin as target, as Stripe's frames do.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (value: string | number) => String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
/** A value for a `<script>`: JSON that cannot close the script element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
export const brandName = (brand: string) => BRANDS[brand] ?? 'card';

export interface Page {
  html: string;
  headers: Record<string, string>;
}

/** Framable only by the shop itself; scripts and styles only this page's own (by nonce). */
function page(title: string, body: string, script: string, shopOrigin: string): Page {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors 'self' ${shopOrigin}`,
  ].join('; ');
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style nonce="${nonce}">${STYLES}</style>
</head>
<body>
${body}
<script nonce="${nonce}">${script}</script>
</body>
</html>`;
  return { html, headers: { 'content-security-policy': csp, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } };
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2430;background:transparent}
form{display:grid;gap:12px;padding:4px}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:12px}
@media (max-width:420px){.row{grid-template-columns:1fr 1fr}.row .postcode{grid-column:1/-1}}
label{display:block;font-weight:600;font-size:14px;margin-bottom:4px}
input{width:100%;min-height:44px;padding:10px 12px;font:inherit;border:1px solid #8a94a3;border-radius:6px;background:#fff;color:inherit}
input:focus{outline:3px solid #1d6fd8;outline-offset:1px;border-color:#1d6fd8}
input[aria-invalid=true]{border-color:#b3261e}
.error{color:#b3261e;font-size:14px;margin:4px 0 0;min-height:0}
.error:empty{display:none}
.notice{font-size:13px;color:#4a5463;margin:0}
button{min-height:44px;padding:10px 18px;font:inherit;font-weight:600;border-radius:6px;border:1px solid transparent;cursor:pointer}
.primary{background:#0b5cad;color:#fff}.primary:hover{background:#094b8d}
.secondary{background:#fff;color:#1c2430;border-color:#8a94a3}
button:focus-visible{outline:3px solid #1d6fd8;outline-offset:2px}
button[disabled]{opacity:.6;cursor:progress}
main.challenge{max-width:480px;margin:40px auto;padding:24px;border:1px solid #d3d8df;border-radius:12px;background:#fff}
main.challenge h1{font-size:22px;margin:0 0 8px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
.badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;
  background:#fff4d6;color:#6b4b00;border-radius:4px;padding:2px 6px;margin-bottom:12px}
`;

const TEST_CARDS_NOTICE =
  'Sandbox card field: no real payment is taken. Test cards: 4242 4242 4242 4242 (succeeds), ' +
  '4000 0025 0000 3155 (asks your bank), 4000 0000 0000 9995 (insufficient funds), 4000 0000 0000 0002 (declined).';

/** The card field: number, expiry, CVC and postcode, checked as typed, confirmed by the frame itself. */
export function elementsPage(input: { intent: PaymentIntent; shopOrigin: string; showButton: boolean }): Page {
  const { intent } = input;
  const field = (name: string, label: string, attributes: string, className = '') => `
  <div class="${className}">
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" ${attributes} aria-describedby="${name}-error" aria-invalid="false" required>
    <p class="error" id="${name}-error" aria-live="polite"></p>
  </div>`;
  const body = `
<form id="card-form" novalidate aria-label="Card details">
  ${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"')}
  <div class="row">
    ${field('expiry', 'Expiry date', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"')}
    ${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"')}
    ${field('postcode', 'Billing postcode', 'autocomplete="postal-code" autocapitalize="characters" maxlength="8"', 'postcode')}
  </div>
  <p class="error" id="form-error" role="alert"></p>
  ${input.showButton ? `<button class="primary" type="submit" id="pay">Pay ${escape(formatPence(intent.amountPence))}</button>` : ''}
  <p class="notice">${TEST_CARDS_NOTICE}</p>
</form>`;
  const script = `
const INTENT = ${scriptJson(intent.id)};
const SECRET = ${scriptJson(intent.clientSecret)};
const SHOP = ${scriptJson(input.shopOrigin)};
const form = document.getElementById('card-form');
const fields = ['number', 'expiry', 'cvc', 'postcode'];
const tell = (message) => { if (window.parent !== window) window.parent.postMessage({ source: 'plumbline-sandbox', intentId: INTENT, ...message }, SHOP); };
const digits = (value) => value.replace(/\\D/g, '');
const luhn = (d) => {
  let sum = 0;
  for (let i = 0; i < d.length; i++) { let n = Number(d[d.length - 1 - i]); if (i % 2) { n *= 2; if (n > 9) n -= 9; } sum += n; }
  return d.length >= 12 && sum % 10 === 0;
};
function check(name, value) {
  if (name === 'number') {
    const d = digits(value); if (!d) return 'Enter your card number.';
    return luhn(d) ? '' : 'Your card number is incomplete or not valid.';
  }
  if (name === 'expiry') {
    const m = /^\\s*(\\d{1,2})\\s*\\/\\s*(\\d{2}|\\d{4})\\s*$/.exec(value);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) return 'Enter the expiry date as MM / YY.';
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]); const now = new Date();
    return year < now.getFullYear() || (year === now.getFullYear() && Number(m[1]) < now.getMonth() + 1) ? 'This card has expired.' : '';
  }
  if (name === 'cvc') {
    const length = /^3[47]/.test(digits(form.number.value)) ? 4 : 3;
    return new RegExp('^\\\\d{' + length + '}$').test(value.trim()) ? '' : 'Enter the ' + length + '-digit security code.';
  }
  return /^[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}$/i.test(value.trim()) ? '' : 'Enter a UK postcode, like SW1A 1AA.';
}
function show(name, message) {
  const input = form[name];
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
  document.getElementById(name + '-error').textContent = message;
}
form.number.addEventListener('input', () => { const d = digits(form.number.value).slice(0, 19); form.number.value = d.replace(/(\\d{4})(?=\\d)/g, '$1 '); });
form.expiry.addEventListener('input', (event) => {
  const d = digits(form.expiry.value).slice(0, 4);
  form.expiry.value = d.length > 2 || (d.length === 2 && event.inputType !== 'deleteContentBackward') ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
});
// Checked on leaving a field, except towards the pay button: the error would move the button from under the pointer, and paying checks every field anyway.
for (const name of fields) form[name].addEventListener('blur', (event) => {
  if (form[name].value && event.relatedTarget?.id !== 'pay') show(name, check(name, form[name].value));
});
form.addEventListener('input', () => tell({ type: 'change', complete: fields.every((name) => !check(name, form[name].value)) }));
let busy = false;
async function confirmPayment(returnUrl) {
  if (busy) return;
  const problems = fields.map((name) => [name, check(name, form[name].value)]);
  problems.forEach(([name, message]) => show(name, message));
  const first = problems.find(([, message]) => message);
  if (first) { form[first[0]].focus(); tell({ type: 'result', status: 'invalid' }); return; }
  busy = true;
  const button = document.getElementById('pay'); if (button) button.disabled = true;
  document.getElementById('form-error').textContent = '';
  try {
    const response = await fetch('./intents/' + encodeURIComponent(INTENT) + '/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        client_secret: SECRET,
        return_url: returnUrl || undefined,
        card: { number: form.number.value, expiry: form.expiry.value, cvc: form.cvc.value, postcode: form.postcode.value },
      }),
    });
    const result = await response.json();
    if (!response.ok) {
      for (const error of result.errors || []) { const name = String(error.path).split('.').pop(); if (fields.includes(name)) show(name, error.message); }
      if (!result.errors) document.getElementById('form-error').textContent = result.detail || 'The payment could not be taken.';
      tell({ type: 'result', status: 'error', error: { code: result.code, message: result.detail } });
      return;
    }
    if (result.lastError) document.getElementById('form-error').textContent = result.lastError.message;
    tell({ type: 'result', status: result.status, error: result.lastError, nextActionUrl: result.nextActionUrl });
    if (result.status === 'requires_action' && window.parent === window) window.location.assign(result.nextActionUrl);
  } catch {
    document.getElementById('form-error').textContent = 'We could not reach the payment service. Check your connection and try again.';
    tell({ type: 'result', status: 'error', error: { code: 'network', message: 'network' } });
  } finally {
    busy = false; if (button) button.disabled = false;
  }
}
form.addEventListener('submit', (event) => { event.preventDefault(); void confirmPayment(); });
window.addEventListener('message', (event) => {
  if (event.origin !== SHOP || !event.data || event.data.source !== 'plumbline-shop') return;
  if (event.data.type === 'confirm') void confirmPayment(event.data.returnUrl);
  if (event.data.type === 'focus') form.number.focus();
  // A shop page whose scripts ran after this frame had loaded missed the first "ready": it asks again.
  if (event.data.type === 'announce') tell({ type: 'ready', height: document.documentElement.scrollHeight });
});
tell({ type: 'ready', height: document.documentElement.scrollHeight });
// Errors change the field's height: the shop sizes the frame to fit, with no scroll bar inside.
new ResizeObserver(() => tell({ type: 'resize', height: document.documentElement.scrollHeight })).observe(document.body);
`;
  return page('Card details', body, script, input.shopOrigin);
}

/** Stripe's 3-D Secure test page: the customer completes or fails the bank's check. */
export function challengePage(input: { intent: PaymentIntent; shopOrigin: string; actionUrl: string }): Page {
  const { intent } = input;
  const waiting = intent.status === 'requires_action';
  const body = `
<main class="challenge">
  <span class="badge">Sandbox</span>
  <h1>${waiting ? 'Confirm your payment' : 'Nothing to confirm'}</h1>
  ${
    waiting
      ? `<p>Your bank asks you to confirm a payment of <strong>${escape(formatPence(intent.amountPence))}</strong> to Plumbline${
          intent.card ? ` with your ${escape(brandName(intent.card.brand))} card ending ${escape(intent.card.last4)}` : ''
        }.</p>
  <p class="notice">This is the sandbox’s 3-D Secure test page: choose what the bank should answer.</p>
  <form method="post" action="${escape(input.actionUrl)}" class="actions">
    <input type="hidden" name="client_secret" value="${escape(intent.clientSecret)}">
    <button class="primary" type="submit" name="outcome" value="complete">Complete</button>
    <button class="secondary" type="submit" name="outcome" value="fail">Fail</button>
  </form>`
      : `<p>This payment is ${escape(intent.status.replaceAll('_', ' '))}: there is nothing to confirm. You can close this window.</p>`
  }
</main>`;
  return page('Confirm your payment', body, '', input.shopOrigin);
}

/** After the challenge, without a return URL: tell the window that opened or framed it, then say so. */
export function challengeResultPage(input: { intent: PaymentIntent; shopOrigin: string }): Page {
  const { intent } = input;
  const succeeded = intent.status === 'succeeded';
  const message = { source: 'plumbline-sandbox', type: 'challenge-result', intentId: intent.id, status: intent.status, error: intent.lastError };
  const outcome = succeeded ? 'Thank you: your bank has confirmed the payment.' : escape(intent.lastError?.message ?? 'The payment was not confirmed.');
  const body = `
<main class="challenge">
  <span class="badge">Sandbox</span>
  <h1>${succeeded ? 'Payment confirmed' : 'Payment not confirmed'}</h1>
  <p role="status">${outcome} You can close this window.</p>
</main>`;
  const script = `
const message = ${scriptJson(message)};
const target = window.opener || (window.parent !== window ? window.parent : null);
if (target) target.postMessage(message, ${scriptJson(input.shopOrigin)});
if (window.opener) window.close();
`;
  return page(succeeded ? 'Payment confirmed' : 'Payment not confirmed', body, script, input.shopOrigin);
}
