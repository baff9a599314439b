import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * OpenID Connect Session Management 1.0, which oidc-provider no longer ships: the OP browser state
 * (a cookie the check frame can read), the `session_state` added to authorization responses, and
 * the check frame the storefront polls (every 2 s) to notice a sign-out in another tab.
 *
 * session_state = hex(SHA-256(client_id + " " + origin + " " + opbs + " " + salt)) + "." + salt
 */

export const BROWSER_STATE_COOKIE = 'op_browser_state';
export const CHECK_SESSION_PATH = '/session/check';

/**
 * The OP browser state for a signed-in session: stable while the same person stays signed in in
 * the same session (so silent renewals do not look like changes), different after a sign-in as
 * someone else or a new sign-in. A keyed hash, so the readable cookie reveals nothing.
 */
export function browserState(key: string, session: { uid: string; accountId: string; loginTs?: number }): string {
  return createHmac('sha256', key)
    .update(`${session.uid}|${session.accountId}|${session.loginTs ?? 0}`)
    .digest('base64url');
}

export function sessionState(clientId: string, origin: string, opBrowserState: string, salt = randomBytes(8).toString('hex')): string {
  const digest = createHash('sha256').update(`${clientId} ${origin} ${opBrowserState} ${salt}`).digest('hex');
  return `${digest}.${salt}`;
}

/**
 * The frame's script: the RP posts "client_id session_state"; the answer is "unchanged" when the
 * state recomputed from the cookie and the RP's origin matches, "changed" when not, "error" when
 * the message is malformed. Runs in the browser, so plain ES5 and Web Crypto.
 */
export const CHECK_SESSION_SCRIPT = `(function () {
  var NAME = '${BROWSER_STATE_COOKIE}=';
  function browserState() {
    var parts = document.cookie ? document.cookie.split(';') : [];
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i].replace(/^\\s+/, '');
      if (part.indexOf(NAME) === 0) return decodeURIComponent(part.slice(NAME.length));
    }
    return '';
  }
  function hex(buffer) {
    var bytes = new Uint8Array(buffer), out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }
  window.addEventListener('message', function (event) {
    if (!event.source || typeof event.source.postMessage !== 'function') return;
    function answer(value) { event.source.postMessage(value, event.origin); }
    var data = event.data;
    if (typeof data !== 'string') return answer('error');
    var parts = data.split(' ');
    if (parts.length !== 2 || !parts[0] || parts[1].lastIndexOf('.') < 1) return answer('error');
    var clientId = parts[0], state = parts[1];
    var salt = state.slice(state.lastIndexOf('.') + 1);
    if (!window.crypto || !window.crypto.subtle) return answer('error');
    var input = new TextEncoder().encode(clientId + ' ' + event.origin + ' ' + browserState() + ' ' + salt);
    window.crypto.subtle.digest('SHA-256', input).then(function (digest) {
      answer(hex(digest) + '.' + salt === state ? 'unchanged' : 'changed');
    }, function () { answer('error'); });
  }, false);
})();`;

export const CHECK_SESSION_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CHECK_SESSION_SCRIPT).digest('base64')}'`;

export const CHECK_SESSION_PAGE = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Session check</title></head>
<body><script>${CHECK_SESSION_SCRIPT}</script></body>
</html>`;
