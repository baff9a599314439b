import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FieldErrors } from './identity.errors.ts';
import { html, trusted, type Html } from './html.ts';
import { COMMON_PASSWORDS, PASSWORD_MIN_LENGTH, PASSWORD_RULES } from './password-rules.ts';

/**
 * The sign-in pages, rendered on the server: the shop's header, one stylesheet, labelled fields
 * with their errors tied to them (`aria-invalid`, `aria-describedby`), a skip link, and no script
 * except the password-rules ticker. Pure: data in, HTML out.
 */

export const STYLESHEET = fs.readFileSync(new URL('./identity.css', import.meta.url), 'utf8');
export const STYLESHEET_VERSION = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);
export const STYLESHEET_PATH = '/identity/assets/identity.css';

/** The storefront's Inter (variable, Latin), served beside the stylesheet, which names it by this file name. */
export const FONT_PATH = '/identity/assets/inter-latin-wght-normal.woff2';
export const FONT = fs.readFileSync(createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'));

/** The storefront's mark (apps/web/app/components/illustrations/logo.tsx): a plumb bob on its line. */
const LOGO_MARK = trusted(
  '<svg viewBox="0 0 40 40" aria-hidden="true" focusable="false"><rect width="40" height="40" rx="10" fill="#1b8c86"/>' +
    '<path d="M20 5V15" stroke="#ffffff" stroke-width="2.5" stroke-linecap="round"/><circle cx="20" cy="5.5" r="2.2" fill="#ffffff"/>' +
    '<path d="M13 17H27L20.9 34.2a1 1 0 0 1-1.8 0Z" fill="#e89c34"/><path d="M13 17H27V19.5H13Z" fill="#f4d292"/></svg>',
);

export interface Page {
  status: number;
  html: string;
  /** CSP hashes of the inline scripts the page carries. */
  scriptHashes: string[];
}

export interface Shell {
  publicUrl: string;
}

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Ticks the password rules off as the person types; the server enforces the same rules. */
const PASSWORD_RULES_SCRIPT = `(function () {
  var input = document.getElementById('password');
  var list = document.getElementById('password-rules');
  if (!input || !list) return;
  var emailInput = document.getElementById('email');
  var common = JSON.parse(list.getAttribute('data-common') || '[]');
  var min = Number(list.getAttribute('data-min'));
  function update() {
    var value = input.value;
    var lower = value.trim().toLowerCase();
    var address = (emailInput ? emailInput.value : list.getAttribute('data-email') || '').trim().toLowerCase();
    var local = address.split('@')[0];
    var met = {
      'length': Array.from(value).length >= min,
      'not-email': lower.length > 0 && lower !== address && lower !== local,
      'not-common': lower.length > 0 && common.indexOf(lower) === -1
    };
    var items = list.querySelectorAll('li[data-rule]');
    for (var i = 0; i < items.length; i++) {
      var ok = Boolean(met[items[i].getAttribute('data-rule')]);
      items[i].classList.toggle('met', ok);
      items[i].querySelector('.visually-hidden').textContent = ok ? ' (done)' : ' (not yet)';
    }
  }
  input.addEventListener('input', update);
  if (emailInput) emailInput.addEventListener('input', update);
  update();
})();`;

function layout(shell: Shell, title: string, main: Html, options: { status?: number; script?: string } = {}): Page {
  // Not an `html` template: the formatter re-indents those, and the script's text must stay exactly what `cspHash` hashed.
  const script = options.script ? trusted(`<script>${options.script}</script>`) : null;
  const page = html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Plumbline</title>
        <link rel="preload" href="${FONT_PATH}" as="font" type="font/woff2" crossorigin />
        <link rel="stylesheet" href="${STYLESHEET_PATH}?v=${STYLESHEET_VERSION}" />
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to main content</a>
        <header class="site-header">
          <div class="inner">
            <a class="wordmark" href="${shell.publicUrl}/">${LOGO_MARK}Plumbline<span class="visually-hidden">, home page</span></a>
          </div>
        </header>
        <main id="main" tabindex="-1"><div class="panel">${main}</div></main>
        <footer class="site-footer">
          <p>Bathroom and plumbing supplies for home and trade</p>
          <p>
            <a href="${shell.publicUrl}/terms">Terms of sale</a> · <a href="${shell.publicUrl}/privacy">Privacy notice</a> ·
            <a href="${shell.publicUrl}/cookies">Cookies</a>
          </p>
        </footer>
        ${script}
      </body>
    </html>`;
  return { status: options.status ?? 200, html: page.value, scriptHashes: options.script ? [cspHash(options.script)] : [] };
}

function alert(message: string | undefined, kind: 'error' | 'ok' = 'error', id = 'form-message'): Html | null {
  if (!message) return null;
  return html`<div class="alert alert-${kind}" id="${id}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</div>`;
}

interface FieldOptions {
  id: 'email' | 'password' | 'name';
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  /** Ids of further elements that describe the field (the rules list, a form-level error). */
  describedBy?: string[];
  /** Marks the field invalid when the error is about the form as a whole (a wrong password). */
  invalid?: boolean;
}

function field(options: FieldOptions): Html {
  const describedBy = [options.hint ? `${options.id}-hint` : null, options.error ? `${options.id}-error` : null, ...(options.describedBy ?? [])].filter(
    Boolean,
  );
  const invalid = options.error || options.invalid ? html` aria-invalid="true"` : null;
  const described = describedBy.length ? html` aria-describedby="${describedBy.join(' ')}"` : null;
  return html`<div class="field">
    <label for="${options.id}">${options.label}</label>
    ${options.hint ? html`<span class="hint" id="${options.id}-hint">${options.hint}</span>` : null}
    <input
      id="${options.id}"
      name="${options.id}"
      type="${options.type}"
      autocomplete="${options.autocomplete}"
      required${options.value !== undefined && options.type !== 'password' ? html` value="${options.value}"` : null}${invalid}${described}${
        options.type === 'email' ? html` spellcheck="false" autocapitalize="off"` : null
      }
    />
    ${options.error ? html`<p class="field-error" id="${options.id}-error">${options.error}</p>` : null}
  </div>`;
}

function passwordRules(email?: string): Html {
  return html`<ul
    class="rules"
    id="password-rules"
    data-min="${PASSWORD_MIN_LENGTH}"
    data-common="${JSON.stringify(COMMON_PASSWORDS)}"
    ${email ? html` data-email="${email}"` : null}
  >
    ${PASSWORD_RULES.map(({ rule, label }) => html`<li data-rule="${rule}">${label}<span class="visually-hidden"></span></li>`)}
  </ul>`;
}

const csrfInput = (token: string) => html`<input type="hidden" name="csrf" value="${token}" />`;

// ── pages ────────────────────────────────────────────────────────────────────────────────────────

export function signInPage(
  shell: Shell,
  view: {
    action: string;
    csrf: string;
    email?: string;
    errors?: FieldErrors;
    notice?: string;
    signUpHref: string;
    forgotHref: string;
    cancelHref: string;
  },
  status = 200,
): Page {
  const errors = view.errors ?? {};
  const formError = errors.form ? ['form-message'] : [];
  const emailField = field({
    id: 'email',
    label: 'E-mail address',
    type: 'email',
    autocomplete: 'username',
    value: view.email ?? '',
    error: errors.email,
    describedBy: formError,
    invalid: Boolean(errors.form),
  });
  const passwordField = field({
    id: 'password',
    label: 'Password',
    type: 'password',
    autocomplete: 'current-password',
    error: errors.password,
    describedBy: formError,
    invalid: Boolean(errors.form),
  });
  return layout(
    shell,
    'Sign in',
    html`<h1>Sign in</h1>
      <p class="lead">Sign in to see your orders, saved baskets and trade prices.</p>
      ${alert(errors.form)}${alert(view.notice, 'ok', 'form-notice')}
      <form method="post" action="${view.action}" novalidate>
        ${csrfInput(view.csrf)} ${emailField} ${passwordField}
        <button class="button button-primary" type="submit">Sign in</button>
      </form>
      <div class="links">
        <p><a href="${view.forgotHref}">Forgotten your password?</a></p>
        <p>New to Plumbline? <a href="${view.signUpHref}">Create an account</a></p>
        <p><a href="${view.cancelHref}">Cancel and return to the shop</a></p>
      </div>`,
    { status },
  );
}

export function signUpPage(
  shell: Shell,
  view: { action: string; csrf: string; name?: string; email?: string; errors?: FieldErrors; signInHref: string },
  status = 200,
): Page {
  const errors = view.errors ?? {};
  const emailField = field({
    id: 'email',
    label: 'E-mail address',
    type: 'email',
    autocomplete: 'email',
    value: view.email ?? '',
    error: errors.email,
    hint: 'We will send you a link to confirm it.',
  });
  return layout(
    shell,
    'Create an account',
    html`<h1>Create an account</h1>
      ${alert(errors.form)}
      <form method="post" action="${view.action}" novalidate>
        ${csrfInput(view.csrf)} ${field({ id: 'name', label: 'Your name', type: 'text', autocomplete: 'name', value: view.name ?? '', error: errors.name })}
        ${emailField}
        ${field({ id: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, describedBy: ['password-rules'] })}
        ${passwordRules()}
        <p class="small">
          By creating an account you agree to our <a href="${shell.publicUrl}/terms">terms of sale</a>. Our
          <a href="${shell.publicUrl}/privacy">privacy notice</a> says what we keep about you and why.
        </p>
        <button class="button button-primary" type="submit">Create account</button>
      </form>
      <div class="links">
        <p>Already have an account? <a href="${view.signInHref}">Sign in</a></p>
      </div>`,
    { status, script: PASSWORD_RULES_SCRIPT },
  );
}

export function forgotPasswordPage(
  shell: Shell,
  view: { action: string; csrf: string; email?: string; errors?: FieldErrors; sent?: boolean; backHref?: string },
  status = 200,
): Page {
  const errors = view.errors ?? {};
  const back = view.backHref
    ? html`<div class="links">
        <p><a href="${view.backHref}">Back to sign in</a></p>
      </div>`
    : null;
  if (view.sent) {
    return layout(
      shell,
      'Check your e-mail',
      html`<h1>Check your e-mail</h1>
        ${alert("If an account exists for that address, we've sent a link to reset your password. It works for one hour.", 'ok')}
        <p>Nothing after a few minutes? Check your spam folder, or make sure you used the address you registered with.</p>
        ${back}`,
      { status },
    );
  }
  return layout(
    shell,
    'Reset your password',
    html`<h1>Reset your password</h1>
      <p class="lead">Enter the e-mail address you registered with and we will send you a link to choose a new password.</p>
      ${alert(errors.form)}
      <form method="post" action="${view.action}" novalidate>
        ${csrfInput(view.csrf)}
        ${field({ id: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: view.email ?? '', error: errors.email })}
        <button class="button button-primary" type="submit">Send reset link</button>
      </form>
      ${back}`,
    { status },
  );
}

export function resetPasswordPage(
  shell: Shell,
  view: { action: string; csrf: string; token: string; email: string; errors?: FieldErrors },
  status = 200,
): Page {
  const errors = view.errors ?? {};
  const passwordField = field({
    id: 'password',
    label: 'New password',
    type: 'password',
    autocomplete: 'new-password',
    error: errors.password,
    describedBy: ['password-rules'],
  });
  return layout(
    shell,
    'Choose a new password',
    html`<h1>Choose a new password</h1>
      <p class="lead">For ${view.email}. Signing in elsewhere will end: use the new password there.</p>
      ${alert(errors.form)}
      <form method="post" action="${view.action}" novalidate>
        ${csrfInput(view.csrf)}
        <input type="hidden" name="token" value="${view.token}" />
        <input type="text" name="username" autocomplete="username" value="${view.email}" hidden />
        ${passwordField} ${passwordRules(view.email)}
        <button class="button button-primary" type="submit">Save new password</button>
      </form>`,
    { status, script: PASSWORD_RULES_SCRIPT },
  );
}

/** A page that only tells something, with an optional way onwards. */
export function messagePage(
  shell: Shell,
  view: { title: string; paragraphs: string[]; kind?: 'error' | 'ok'; action?: { label: string; href: string } },
  status = 200,
): Page {
  const [first, ...rest] = view.paragraphs;
  return layout(
    shell,
    view.title,
    html`<h1>${view.title}</h1>
      ${view.kind ? alert(first, view.kind) : html`<p>${first}</p>`} ${rest.map((paragraph) => html`<p>${paragraph}</p>`)}
      ${view.action ? html`<a class="button button-primary" href="${view.action.href}">${view.action.label}</a>` : null}`,
    { status },
  );
}

export function signOutPage(shell: Shell, view: { form: string; stayHref: string }): Page {
  return layout(
    shell,
    'Sign out',
    html`<h1>Sign out of Plumbline?</h1>
      <p>You will need to sign in again to see your account, orders and trade prices.</p>
      ${trusted(view.form)}
      <button class="button button-primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
      <a class="button button-secondary" href="${view.stayHref}">Stay signed in</a>`,
  );
}

/** Origins as CSP sources; CSP has no syntax for IPv6 literals such as http://[::1]:3000, so those are left out. */
export function cspSources(origins: readonly string[]): string {
  return origins.filter((origin) => !new URL(origin).hostname.startsWith('[')).join(' ');
}

/**
 * Headers for every identity page: never cached (they carry CSRF tokens), never framed, scripts
 * only by hash, forms only to this origin or the storefront's (sign-in ends in a redirect there).
 */
export function pageHeaders(page: Pick<Page, 'scriptHashes'>, formOrigins: readonly string[]): Record<string, string> {
  const policy = [
    "default-src 'none'",
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data:",
    `script-src ${page.scriptHashes.length ? page.scriptHashes.join(' ') : "'none'"}`,
    `form-action 'self' ${cspSources(formOrigins)}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': policy.join('; '),
    'x-frame-options': 'DENY',
  };
}
