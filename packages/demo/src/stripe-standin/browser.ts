import { formatPence } from '@shop/contracts';
import { brandName, escape, scriptJson } from './html.ts';

/**
 * The browser half of the Stripe stand-in (index.ts): a small Stripe.js with exactly
 * the surface the shop's payment step uses — `Stripe(key)`, `elements({ clientSecret, appearance })`,
 * `create('payment')` and `create('expressCheckout')` with `mount`/`on`/`destroy`, `confirmPayment`
 * and `handleNextAction` — the Payment Element's card form and the Express Checkout Element's wallet
 * button, each served in a frame of the stand-in's origin, the wallet's payment sheet and a 3-D
 * Secure page.
 *
 * The card number never leaves the frame: asked to confirm, the frame answers with the Stripe test
 * payment method for the typed test card (4242… → pm_card_visa, 0002 declined, 9995 insufficient
 * funds, 3155 asks for authentication), which Stripe.js confirms with the client secret. The stand-in
 * plays a browser with Google Pay holding the 4242 test card: approving its sheet gives pm_card_visa.
 */

const SOURCE = 'stripe-standin';

/** The test cards the frame knows, by number, and Stripe's test payment method for each. */
const TEST_CARD_METHODS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000002500003155': 'pm_card_authenticationRequired',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000002': 'pm_card_chargeDeclined',
};

/** The card in the stand-in device's Google Pay wallet, and its Stripe test payment method. */
const WALLET_CARD = { brand: 'visa', last4: '4242', paymentMethod: 'pm_card_visa' };

/** Long enough after a frame's `load` for its `ready` message to have arrived: without one, the frame failed. */
const LOAD_GRACE_MS = 1000;

/** Stripe.js as served at `/v3/`: it talks to the frames of `origin` and to the API there. */
export function stripeJs(origin: string): string {
  return String.raw`(() => {
'use strict';
const ORIGIN = ${scriptJson(origin)};
const SOURCE = ${scriptJson(SOURCE)};
const LOAD_GRACE_MS = ${LOAD_GRACE_MS};
/** Messages from this origin's frames, by the channel each frame was given. */
const channels = new Map();
window.addEventListener('message', (event) => {
  const data = event.data;
  if (event.origin !== ORIGIN || !data || data.source !== SOURCE || typeof data.channel !== 'string') return;
  const handler = channels.get(data.channel);
  if (handler) handler(data);
});
const token = () => crypto.randomUUID();
const form = (params) => new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined && value !== null)).toString();
const intentIdOf = (clientSecret) => String(clientSecret).split('_secret_')[0];
const connectionError = { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' };
const integrationError = (message) => new Error('IntegrationError: ' + message);
/** Each Elements group's client secret and elements, and each Payment Element's way of asking its frame for the card. */
const groups = new WeakMap();
const collectors = new WeakMap();

/**
 * An element drawn in a frame of this origin at path: mount, on/off, focus, unmount and destroy; the
 * frame sets its height and says when it is ready. A frame that loads without saying so (blocked, or
 * the network failed) is a load error, as Stripe.js reports one.
 */
function frameElement(elementType, path, title, config, onDestroy) {
  const channel = token();
  const handlers = {};
  let frame = null;
  let ready = false;
  let receive = () => undefined;
  const emit = (name, payload) => (handlers[name] || []).slice().forEach((handler) => handler(Object.assign({ elementType }, payload)));
  const post = (message) => frame && frame.contentWindow && frame.contentWindow.postMessage(Object.assign({ source: SOURCE }, message), ORIGIN);
  channels.set(channel, (data) => {
    if (data.type === 'ready' || data.type === 'resize') frame && (frame.style.height = Math.ceil(data.height) + 'px');
    if (data.type === 'ready') { ready = true; emit('ready', data.detail); }
    if (data.type === 'focus' || data.type === 'blur') emit(data.type);
    receive(data);
  });
  const element = {
    mount(target) {
      const parent = typeof target === 'string' ? document.querySelector(target) : target;
      if (!parent) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements.');
      element.unmount();
      const mounted = (frame = document.createElement('iframe'));
      frame.title = title;
      frame.setAttribute('allow', 'payment *');
      frame.style.cssText = 'display:block;width:100%;height:0;border:0;overflow:hidden;color-scheme:normal';
      frame.src = ORIGIN + path + '#' + encodeURIComponent(JSON.stringify(Object.assign({ channel, parent: location.origin }, config)));
      frame.addEventListener('load', () => setTimeout(() => {
        if (frame === mounted && !ready) {
          emit('loaderror', { error: { type: 'api_connection_error', message: 'Failed to load the ' + elementType + ' Element.' } });
        }
      }, LOAD_GRACE_MS));
      parent.append(frame);
    },
    on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
    off(name, handler) { handlers[name] = (handlers[name] || []).filter((each) => each !== handler); return element; },
    focus() { post({ type: 'focus' }); },
    unmount() { if (frame) frame.remove(); frame = null; ready = false; },
    destroy() { element.unmount(); channels.delete(channel); onDestroy(); },
  };
  return {
    element,
    emit,
    post,
    isReady: () => ready,
    handles: (name) => (handlers[name] || []).length > 0,
    receive(handler) { receive = handler; },
  };
}

function paymentElement(appearance, onDestroy) {
  const drawn = frameElement('payment', '/elements/payment', 'Secure payment input frame', { appearance }, onDestroy);
  const pending = new Map();
  drawn.receive((data) => {
    if (data.type === 'change') drawn.emit('change', { complete: data.complete, empty: data.empty, value: { type: 'card' } });
    if (data.type === 'collected' && pending.has(data.id)) { pending.get(data.id)(data); pending.delete(data.id); }
  });
  collectors.set(drawn.element, () => new Promise((resolve) => {
    if (!drawn.isReady()) return resolve({ error: { type: 'validation_error', code: 'incomplete', message: 'The payment form has not finished loading.' } });
    const id = token();
    pending.set(id, resolve);
    drawn.post({ type: 'collect', id });
  }));
  return drawn.element;
}

/**
 * A frame of this origin in a modal over the page, with a Close button: the bank's 3-D Secure check
 * and the wallet's payment sheet. onClose(byShopper) hears when it goes; close() shuts it quietly.
 */
function frameDialog({ label, title, url, height, onMessage, onClose }) {
  const channel = token();
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-label', label);
  dialog.style.cssText =
    'margin:auto;width:min(30rem,calc(100vw - 2rem));max-height:calc(100dvh - 2rem);padding:0;' +
    'border:0;border-radius:12px;background:#fff;box-shadow:0 20px 60px rgba(0,0,0,.35)';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.style.cssText =
    'display:block;margin:8px 8px 0 auto;min-height:44px;padding:8px 16px;font:inherit;font-weight:600;' +
    'border:1px solid #6b7280;border-radius:6px;background:#fff;color:#111827;cursor:pointer';
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.style.cssText = 'display:block;width:100%;height:' + height + ';border:0';
  frame.src = url + (url.includes('?') ? '&' : '?') + form({ channel, parent: location.origin });
  dialog.append(close, frame);
  let finished = false;
  const finish = (byShopper) => {
    if (finished) return;
    finished = true;
    channels.delete(channel);
    if (dialog.open) dialog.close();
    dialog.remove();
    onClose(byShopper);
  };
  channels.set(channel, onMessage);
  close.addEventListener('click', () => finish(true));
  dialog.addEventListener('close', () => finish(true));
  document.body.append(dialog);
  dialog.showModal();
  return {
    close: () => finish(false),
    post: (message) => frame.contentWindow && frame.contentWindow.postMessage(Object.assign({ source: SOURCE }, message), ORIGIN),
  };
}

/**
 * The Express Checkout Element: the wallet buttons this device offers (Google Pay). A press emits
 * click; once resolved (within a second, as Stripe requires) the wallet's sheet opens over the page
 * with the intent's amount, and the shopper's approval emits confirm, whose handler pays with
 * stripe.confirmPayment({ elements }) (the wallet's payment method) or calls paymentFailed().
 */
function expressCheckoutElement(config, retrieveIntent, onDestroy) {
  const drawn = frameElement('expressCheckout', '/elements/express-checkout', 'Secure express checkout frame', config, onDestroy);
  let sheet = null;
  /** The wallet's payment method from the shopper's approval until a confirmPayment takes it. */
  let approval = null;
  const closed = (byShopper) => {
    sheet = null;
    approval = null;
    if (byShopper) drawn.emit('cancel');
  };
  async function openSheet(expressPaymentType, details) {
    sheet = { post: () => undefined, close: () => undefined };
    const intent = await retrieveIntent();
    if (intent.error) return closed(true);
    sheet = frameDialog({
      label: 'Google Pay',
      title: 'Google Pay payment sheet',
      url: ORIGIN + '/google-pay/sheet?' + form({ amount: intent.amount, currency: intent.currency, merchant: details.business && details.business.name }),
      height: '22rem',
      onMessage: (data) => {
        if (data.type !== 'approved' || !sheet) return;
        approval = data.paymentMethod;
        const paymentFailed = (payload) => {
          approval = null;
          if (sheet) sheet.post({ type: 'failed', reason: (payload && payload.reason) || 'fail', message: payload && payload.message });
        };
        drawn.emit('confirm', { expressPaymentType, billingDetails: data.billingDetails, paymentFailed });
      },
      onClose: closed,
    });
  }
  drawn.receive((data) => {
    if (data.type !== 'click' || sheet) return;
    const expressPaymentType = data.expressPaymentType;
    let answered = false;
    const resolve = (details) => {
      if (answered) return;
      answered = true;
      openSheet(expressPaymentType, details || {});
    };
    if (!drawn.handles('click')) return resolve();
    drawn.emit('click', { expressPaymentType, resolve, reject: () => { answered = true; } });
    // A click handler that resolves later than a second opens nothing.
    setTimeout(() => { answered = true; }, 1000);
  });
  return {
    element: drawn.element,
    /** For confirmPayment: the approved wallet payment method (taken once), and how the confirmation went. */
    takeApproval() { const taken = approval; approval = null; return taken; },
    confirmed(ok) { if (ok && sheet) sheet.close(); },
  };
}

function Stripe(publishableKey) {
  if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey)) throw integrationError('Please call Stripe() with your publishable key.');

  async function api(method, path, params) {
    try {
      const response = await fetch(ORIGIN + path + (method === 'GET' ? '?' + form(params) : ''), {
        method,
        headers: Object.assign({ authorization: 'Bearer ' + publishableKey }, method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        body: method === 'POST' ? form(params) : undefined,
      });
      return await response.json();
    } catch {
      return { error: connectionError };
    }
  }
  const retrieve = (clientSecret) => api('GET', '/v1/payment_intents/' + encodeURIComponent(intentIdOf(clientSecret)), { client_secret: clientSecret });

  /** The bank's check in a modal over the page, as Stripe.js shows 3-D Secure 2; true once answered, false if closed. */
  function challenge(url) {
    return new Promise((resolve) => {
      let answered = false;
      const shown = frameDialog({
        label: 'Payment authentication',
        title: 'Payment authentication challenge',
        url,
        height: '26rem',
        onMessage: (data) => { if (data.type === 'challenge-complete') { answered = true; shown.close(); } },
        onClose: () => resolve(answered),
      });
    });
  }

  /** After a confirm: the bank's check if one is wanted, then the result as Stripe.js reports it. */
  async function settle(answer, clientSecret, redirect, returnUrl) {
    if (answer.error) return { error: answer.error };
    let intent = answer;
    const next = intent.status === 'requires_action' && intent.next_action && intent.next_action.redirect_to_url;
    if (next) {
      const answered = await challenge(next.url);
      // Closing the check is the bank saying no, as with Stripe.
      if (!answered) {
        await fetch(next.url.split('?')[0], {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form({ client_secret: clientSecret, outcome: 'fail' }),
        }).catch(() => undefined);
      }
      intent = await retrieve(clientSecret);
      if (intent.error) return { error: intent.error };
    }
    if (intent.last_payment_error && intent.status === 'requires_payment_method') {
      return { error: Object.assign({}, intent.last_payment_error, { payment_intent: intent }) };
    }
    if (redirect !== 'if_required' && returnUrl && (intent.status === 'succeeded' || intent.status === 'processing')) {
      const target = new URL(returnUrl);
      target.searchParams.set('payment_intent', intent.id);
      target.searchParams.set('payment_intent_client_secret', clientSecret);
      target.searchParams.set('redirect_status', intent.status);
      location.assign(target.toString());
      return new Promise(() => undefined);
    }
    return { paymentIntent: intent };
  }

  return {
    elements(options) {
      const clientSecret = options && options.clientSecret;
      let appearance = (options && options.appearance) || {};
      let payment = null;
      let express = null;
      const group = {
        create(type, elementOptions) {
          if (type !== 'payment' && type !== 'expressCheckout') {
            throw integrationError('This stand-in for Stripe.js has the payment and expressCheckout elements only.');
          }
          if ((type === 'payment' ? payment : express)) throw integrationError('Can only create one Element of type ' + type + '.');
          if (type === 'payment') return (payment = paymentElement(appearance, () => { payment = null; }));
          express = expressCheckoutElement({ appearance, options: elementOptions || {} }, () => retrieve(clientSecret), () => { express = null; });
          return express.element;
        },
        getElement(type) { return type === 'payment' ? payment : type === 'expressCheckout' && express ? express.element : null; },
        update(next) { if (next && next.appearance) appearance = next.appearance; },
      };
      groups.set(group, { clientSecret, payment: () => payment, express: () => express });
      return group;
    },

    async confirmPayment(options) {
      const group = options && groups.get(options.elements);
      if (!group || !group.clientSecret) throw integrationError('confirmPayment needs the elements made with a clientSecret.');
      const returnUrl = options.confirmParams && options.confirmParams.return_url;
      if (options.redirect !== 'if_required' && !returnUrl) throw integrationError('confirmPayment needs confirmParams.return_url.');
      // In the Express Checkout Element's confirm event the wallet's payment method is confirmed; else the Payment Element's.
      const express = group.express();
      const approved = express && express.takeApproval();
      let paymentMethod = approved;
      if (!paymentMethod) {
        const element = group.payment();
        if (!element) throw integrationError('Create and mount the payment element, or call confirmPayment in the expressCheckout element\'s confirm event.');
        const collected = await collectors.get(element)();
        if (collected.error) return { error: collected.error };
        paymentMethod = collected.paymentMethod;
      }
      const answer = await api('POST', '/v1/payment_intents/' + encodeURIComponent(intentIdOf(group.clientSecret)) + '/confirm', {
        client_secret: group.clientSecret,
        payment_method: paymentMethod,
        return_url: returnUrl,
      });
      // The wallet's sheet closes once the payment is confirmed; on an error it waits for paymentFailed().
      if (approved) express.confirmed(!answer.error);
      return settle(answer, group.clientSecret, options.redirect, returnUrl);
    },

    async handleNextAction(options) {
      const clientSecret = options && options.clientSecret;
      if (!clientSecret) throw integrationError('handleNextAction needs a clientSecret.');
      const intent = await retrieve(clientSecret);
      if (!intent.error && intent.status !== 'requires_action') {
        return {
          error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent does not need any further action.' },
        };
      }
      return settle(intent, clientSecret, 'if_required');
    },

    async retrievePaymentIntent(clientSecret) {
      const intent = await retrieve(clientSecret);
      return intent.error ? { error: intent.error } : { paymentIntent: intent };
    },
  };
}
window.Stripe = Stripe;
})();
`;
}

const STYLES = `
*{box-sizing:border-box}
html,body{margin:0;background:transparent}
body{font:16px/1.4 var(--font);color:var(--text)}
form{display:grid;gap:12px;padding:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
label{display:block;font-weight:600;font-size:14px;margin-bottom:4px}
input{width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #6b7280;border-radius:var(--radius)}
input:focus{outline:3px solid var(--primary);outline-offset:1px;border-color:var(--primary)}
input[aria-invalid=true]{border-color:var(--danger)}
.error{margin:4px 0 0;font-size:14px;color:var(--danger)}
.error:empty{display:none}
.note{margin:0;font-size:13px;color:#4b5563}
main{max-width:26rem;margin:0 auto;padding:8px 24px 24px}
h1{font-size:22px;margin:0 0 8px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
button{min-height:44px;padding:10px 18px;font:inherit;font-weight:600;border-radius:6px;border:1px solid #6b7280;background:#fff;color:#111827;cursor:pointer}
button.primary{background:#0b5cad;border-color:#0b5cad;color:#fff}
button:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
.badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;
  background:#eef2ff;color:#3730a3;border-radius:4px;padding:2px 6px;margin-bottom:12px}
`;

function html(title: string, body: string, script: string, styles = ''): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>:root{--font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--text:#1f2937;
  --primary:#0570de;--danger:#b91c1c;--radius:6px}${STYLES}${styles}</style>
</head>
<body>
${body}
<script>${script}</script>
</body>
</html>`;
}

const TEST_CARDS_NOTE =
  'Test mode: 4242 4242 4242 4242 succeeds, 4000 0025 0000 3155 asks your bank, ' +
  '4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0002 is declined.';

/** The Payment Element's frame: card number, expiry and security code, checked as Stripe's form does. */
export function paymentElementPage(): string {
  const field = (name: string, label: string, attributes: string) => `
  <div>
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" ${attributes} aria-describedby="${name}-error" aria-invalid="false">
    <p class="error" id="${name}-error"></p>
  </div>`;
  const body = `
<form id="card" novalidate>
  ${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"')}
  <div class="row">
    ${field('expiry', 'Expiry date', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"')}
    ${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"')}
  </div>
  <p class="note">${TEST_CARDS_NOTE}</p>
</form>`;
  const script = String.raw`
const SOURCE = ${scriptJson(SOURCE)};
const TEST_CARDS = ${scriptJson(TEST_CARD_METHODS)};
const config = (() => { try { return JSON.parse(decodeURIComponent(location.hash.slice(1))); } catch { return {}; } })();
const PARENT = String(config.parent || '');
const variables = (config.appearance && config.appearance.variables) || {};
const css = { colorPrimary: '--primary', colorText: '--text', colorDanger: '--danger', borderRadius: '--radius', fontFamily: '--font' };
for (const [name, property] of Object.entries(css)) {
  if (typeof variables[name] === 'string') document.documentElement.style.setProperty(property, variables[name]);
}
const form = document.getElementById('card');
const fields = ['number', 'expiry', 'cvc'];
const tell = (message) => { if (PARENT) window.parent.postMessage(Object.assign({ source: SOURCE, channel: config.channel }, message), PARENT); };
const digits = (value) => value.replace(/\D/g, '');
const luhn = (d) => {
  let sum = 0;
  for (let i = 0; i < d.length; i++) { let n = Number(d[d.length - 1 - i]); if (i % 2) { n *= 2; if (n > 9) n -= 9; } sum += n; }
  return sum % 10 === 0;
};
/** Stripe's wording for each field's problem, with its code; null when the field is fine. */
function check(name, value) {
  if (name === 'number') {
    const d = digits(value);
    if (d.length < 15) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
    return luhn(d) ? null : { code: 'invalid_number', message: 'Your card number is invalid.' };
  }
  if (name === 'expiry') {
    const m = /^(\d{2}) \/ (\d{2})$/.exec(value);
    if (!m) return { code: 'incomplete_expiry', message: 'Your card’s expiry date is incomplete.' };
    const month = Number(m[1]); const year = 2000 + Number(m[2]); const now = new Date();
    if (month < 1 || month > 12) return { code: 'invalid_expiry_month', message: 'Your card’s expiry month is invalid.' };
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      return { code: 'invalid_expiry_year_past', message: 'Your card’s expiry year is in the past.' };
    }
    return null;
  }
  return /^\d{3,4}$/.test(value.trim()) ? null : { code: 'incomplete_cvc', message: 'Your card’s security code is incomplete.' };
}
function show(name, problem) {
  form[name].setAttribute('aria-invalid', problem ? 'true' : 'false');
  document.getElementById(name + '-error').textContent = problem ? problem.message : '';
}
form.number.addEventListener('input', () => { form.number.value = digits(form.number.value).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 '); });
form.expiry.addEventListener('input', (event) => {
  const d = digits(form.expiry.value).slice(0, 4);
  form.expiry.value = d.length > 2 || (d.length === 2 && event.inputType !== 'deleteContentBackward') ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
});
for (const name of fields) {
  form[name].addEventListener('blur', () => { if (form[name].value) show(name, check(name, form[name].value)); tell({ type: 'blur' }); });
  form[name].addEventListener('focus', () => tell({ type: 'focus' }));
}
form.addEventListener('input', () =>
  tell({ type: 'change', complete: fields.every((name) => !check(name, form[name].value)), empty: fields.every((name) => !form[name].value) }),
);
form.addEventListener('submit', (event) => event.preventDefault());
window.addEventListener('message', (event) => {
  const data = event.data;
  if (event.origin !== PARENT || event.source !== window.parent || !data || data.source !== SOURCE) return;
  if (data.type === 'focus') form.number.focus();
  if (data.type !== 'collect') return;
  const problems = fields.map((name) => [name, check(name, form[name].value)]);
  problems.forEach(([name, problem]) => show(name, problem));
  const first = problems.find(([, problem]) => problem);
  if (first) {
    form[first[0]].focus();
    return tell({ type: 'collected', id: data.id, error: Object.assign({ type: 'validation_error' }, first[1]) });
  }
  const paymentMethod = TEST_CARDS[digits(form.number.value)];
  if (!paymentMethod) {
    return tell({
      type: 'collected',
      id: data.id,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        message:
          'Your card was declined. Your request was in test mode, but used a non test card. ' +
          'For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      },
    });
  }
  // Only the test payment method leaves this frame, never the number.
  tell({ type: 'collected', id: data.id, paymentMethod });
});
const height = () => Math.ceil(document.documentElement.getBoundingClientRect().height);
tell({ type: 'ready', height: height() });
new ResizeObserver(() => tell({ type: 'resize', height: height() })).observe(document.body);
`;
  return html('Card details', body, script);
}

/** Google's "G" in its four colours, for the wallet's button and sheet. */
const GOOGLE_G =
  '<svg class="g" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><g fill="none" stroke-width="4">' +
  '<path stroke="#ea4335" d="M18.13 6.86A8 8 0 0 0 5.07 8"/><path stroke="#fbbc04" d="M5.07 8A8 8 0 0 0 5.07 16"/>' +
  '<path stroke="#34a853" d="M5.07 16A8 8 0 0 0 17.66 17.66"/><path stroke="#4285f4" d="M17.66 17.66A8 8 0 0 0 20 12H12"/></g></svg>';

const WALLET_STYLES = `
.gpay{position:relative;display:block;width:100%;min-height:0;margin:0;padding:0 16px;border:0;border-radius:4px;
  font:500 17px "Google Sans",Roboto,system-ui,sans-serif;text-align:center;white-space:nowrap;cursor:pointer}
.gpay .g{vertical-align:-5px}
.gpay.black{background:#000;color:#fff}
.gpay.black:hover{background:#3c4043}
.gpay.white{background:#fff;color:#3c4043;border:1px solid #747775}
.gpay:focus-visible{outline:2px solid #fff;outline-offset:-5px}
.gpay.white:focus-visible{outline-color:#1a73e8}
.g{width:22px;height:22px;flex:none}
.mark{display:flex;align-items:center;gap:2px;margin:0 0 16px;font:500 20px/1 "Google Sans",Roboto,system-ui,sans-serif;color:#3c4043}
.mark .badge{margin:0 0 0 auto}
.amount{font-size:28px;font-weight:700;margin:4px 0 16px}
.method{display:flex;align-items:center;gap:12px;padding:12px;border:1px solid #dadce0;border-radius:8px;font-weight:600}
.visa{font:italic 800 13px/1 system-ui,sans-serif;color:#fff;background:#1a1f71;border-radius:3px;padding:4px 6px}
button.continue{width:100%;margin-top:16px;background:#1a73e8;border-color:#1a73e8;color:#fff;border-radius:20px}
button.continue:disabled{background:#5f6368;border-color:#5f6368;cursor:progress}
#status{min-height:1.4em;margin:12px 0 0;font-size:14px}
#status.failed{color:var(--danger);font-weight:600}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/**
 * The Express Checkout Element's frame: the wallet buttons this device offers. The stand-in plays a
 * browser with Google Pay (it needs the Payment Request API), so it draws Google Pay's "Buy with
 * G Pay" button at the element's height, theme and type, and says which wallets it shows.
 */
export function expressCheckoutPage(): string {
  // Named by its text, "Buy with Google Pay": the logo's word for screen readers, the spaces where they are seen.
  const body =
    '<button type="button" id="google-pay" class="gpay" hidden><span id="call"></span><span class="sr-only">Google</span>' +
    `${GOOGLE_G}<span> Pay</span></button>`;
  const script = String.raw`
const SOURCE = ${scriptJson(SOURCE)};
const config = (() => { try { return JSON.parse(decodeURIComponent(location.hash.slice(1))); } catch { return {}; } })();
const PARENT = String(config.parent || '');
const options = config.options || {};
const variables = (config.appearance && config.appearance.variables) || {};
const tell = (message) => { if (PARENT) window.parent.postMessage(Object.assign({ source: SOURCE, channel: config.channel }, message), PARENT); };
const CALLS = {
  buy: 'Buy with', pay: 'Pay with', checkout: 'Checkout with', order: 'Order with',
  book: 'Book with', donate: 'Donate with', subscribe: 'Subscribe with', plain: '',
};
const shown = (options.paymentMethods && options.paymentMethods.googlePay) || (options.wallets && options.wallets.googlePay) || 'auto';
const googlePay = shown !== 'never' && typeof window.PaymentRequest === 'function';
const button = document.getElementById('google-pay');
if (googlePay) {
  const call = CALLS[(options.buttonType && options.buttonType.googlePay) || 'buy'] ?? CALLS.buy;
  document.getElementById('call').textContent = call ? call + ' ' : '';
  button.classList.add(options.buttonTheme && options.buttonTheme.googlePay === 'white' ? 'white' : 'black');
  const buttonHeight = Math.min(55, Math.max(40, Number(options.buttonHeight) || 44)) + 'px';
  button.style.height = buttonHeight;
  button.style.lineHeight = buttonHeight;
  if (typeof variables.borderRadius === 'string') button.style.borderRadius = variables.borderRadius;
  button.hidden = false;
  button.addEventListener('click', () => tell({ type: 'click', expressPaymentType: 'google_pay' }));
  button.addEventListener('focus', () => tell({ type: 'focus' }));
  button.addEventListener('blur', () => tell({ type: 'blur' }));
}
window.addEventListener('message', (event) => {
  const data = event.data;
  if (event.origin === PARENT && event.source === window.parent && data && data.source === SOURCE && data.type === 'focus' && googlePay) button.focus();
});
const height = () => Math.ceil(document.documentElement.getBoundingClientRect().height);
const available = googlePay ? { applePay: false, googlePay: true, link: false, paypal: false, amazonPay: false, klarna: false } : undefined;
tell({ type: 'ready', height: height(), detail: { availablePaymentMethods: available } });
new ResizeObserver(() => tell({ type: 'resize', height: height() })).observe(document.body);
`;
  return html('Express checkout', body, script, WALLET_STYLES);
}

export interface WalletSheet {
  amount: number;
  currency: string;
  merchant: string;
}

/**
 * Google Pay's payment sheet on the stand-in device: the merchant, the amount and the wallet's card.
 * "Continue" approves, handing Stripe.js the card's test payment method (never its number); the
 * sheet then waits, and shows the failure if the shop's confirm handler calls paymentFailed().
 */
export function googlePaySheetPage(sheet: WalletSheet, caller: Caller): string {
  const amount = sheet.currency === 'gbp' ? formatPence(sheet.amount) : `${(sheet.amount / 100).toFixed(2)} ${sheet.currency.toUpperCase()}`;
  const card =
    `<span>${escape(brandName(WALLET_CARD.brand))} <span aria-hidden="true">•••• </span>` +
    `<span class="sr-only">ending </span>${escape(WALLET_CARD.last4)}</span>`;
  const body = `
<main>
  <p class="mark">${GOOGLE_G}<span>Pay</span><span class="badge">Test mode</span></p>
  <h1>Pay ${escape(sheet.merchant)}</h1>
  <p class="amount">${escape(amount)}</p>
  <div class="method"><span class="visa" aria-hidden="true">VISA</span>${card}</div>
  <button type="button" class="continue" id="continue">Continue</button>
  <p id="status" role="status"></p>
  <p class="note">Stand-in for Google Pay on a test device: its card is Stripe’s 4242 test card.</p>
</main>`;
  const FAILURES = {
    fail: 'The payment didn’t go through. Try again, or close this and use another way to pay.',
    invalid_billing_address: 'The billing address wasn’t accepted. Choose another and try again.',
    invalid_payment_data: 'The payment details weren’t accepted. Try another card.',
  };
  const script = String.raw`
const SOURCE = ${scriptJson(SOURCE)};
const CHANNEL = ${scriptJson(caller.channel)};
const PARENT = ${scriptJson(caller.parent)};
const FAILURES = ${scriptJson(FAILURES)};
const button = document.getElementById('continue');
const status = document.getElementById('status');
button.focus();
button.addEventListener('click', () => {
  button.disabled = true;
  button.textContent = 'Processing…';
  status.className = '';
  status.textContent = 'Processing your payment…';
  if (PARENT) {
    window.parent.postMessage({
      source: SOURCE,
      channel: CHANNEL,
      type: 'approved',
      paymentMethod: ${scriptJson(WALLET_CARD.paymentMethod)},
      billingDetails: { name: 'Test Cardholder' },
    }, PARENT);
  }
});
window.addEventListener('message', (event) => {
  const data = event.data;
  if (event.origin !== PARENT || event.source !== window.parent || !data || data.source !== SOURCE || data.type !== 'failed') return;
  button.disabled = false;
  button.textContent = 'Continue';
  status.className = 'failed';
  status.textContent = data.message || FAILURES[data.reason] || FAILURES.fail;
});
`;
  return html('Google Pay', body, script, WALLET_STYLES);
}

export interface ChallengeView {
  id: string;
  amount: number;
  status: string;
  clientSecret: string;
  card: { brand: string; last4: string } | null;
}

interface Caller {
  /** The Stripe.js modal's channel and the page that opened it: the only window told the answer. */
  channel: string;
  parent: string;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;

/** The bank's 3-D Secure page: complete or fail the check. */
export function challengePage(intent: ChallengeView, caller: Caller): string {
  const waiting = intent.status === 'requires_action';
  const withCard = intent.card ? ` with your ${escape(brandName(intent.card.brand))} card ending ${escape(intent.card.last4)}` : '';
  const body = `
<main>
  <span class="badge">Test mode</span>
  <h1>${waiting ? 'Confirm your payment' : 'Nothing to confirm'}</h1>
  ${
    waiting
      ? `<p>Your bank asks you to confirm a payment of <strong>${escape(formatPence(intent.amount))}</strong>${withCard}.</p>
  <p class="note">Stand-in for Stripe’s 3-D Secure test page: choose what the bank answers.</p>
  <form method="post" class="actions">
    ${hidden('client_secret', intent.clientSecret)}${hidden('channel', caller.channel)}${hidden('parent', caller.parent)}
    <button class="primary" type="submit" name="outcome" value="complete">Complete</button>
    <button type="submit" name="outcome" value="fail">Fail</button>
  </form>`
      : `<p>This payment is ${escape(intent.status.replaceAll('_', ' '))}: there is nothing to confirm.</p>`
  }
</main>`;
  return html('Confirm your payment', body, '');
}

/** After the bank's answer: tells the Stripe.js modal, which closes and reads the payment again. */
export function challengeDonePage(intent: ChallengeView, caller: Caller): string {
  const succeeded = intent.status === 'succeeded';
  const body = `
<main>
  <span class="badge">Test mode</span>
  <h1>${succeeded ? 'Payment confirmed' : 'Payment not confirmed'}</h1>
  <p role="status">${succeeded ? 'Your bank has confirmed the payment.' : 'Your bank did not confirm the payment.'}</p>
</main>`;
  const done = { source: SOURCE, channel: caller.channel, type: 'challenge-complete', status: intent.status };
  const script = caller.parent ? `window.parent.postMessage(${scriptJson(done)}, ${scriptJson(caller.parent)});` : '';
  return html(succeeded ? 'Payment confirmed' : 'Payment not confirmed', body, script);
}
