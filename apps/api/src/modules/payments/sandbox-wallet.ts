/**
 * "Sandbox Pay": a wallet button like Apple Pay's or Google Pay's, served as the provider's own
 * script. The shop's page loads the script and mounts the button; the wallet pays with the card
 * held in it (the sandbox's device card), so no card number passes through the shop's page.
 */
import { SANDBOX_PATH } from './sandbox-gateway.ts';

/** The card the sandbox wallet holds: it behaves as Stripe's 4242 test card. */
export const WALLET_DEVICE_CARD = '4242424242424242';

export function walletScript(): string {
  return `(() => {
  const PATH = ${JSON.stringify(SANDBOX_PATH)};
  const mount = (container, options) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Pay with Sandbox Pay';
    button.setAttribute('aria-label', 'Pay with Sandbox Pay' + (options.amountLabel ? ', ' + options.amountLabel : ''));
    button.style.cssText =
      'display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;border:0;' +
      'border-radius:8px;background:#111;color:#fff;font:600 16px/1 system-ui,sans-serif;cursor:pointer';
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const response = await fetch(PATH + '/intents/' + encodeURIComponent(options.intentId) + '/wallet', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'wallet-' + options.intentId + '-' + Date.now() },
          body: JSON.stringify({ client_secret: options.clientSecret }),
        });
        const body = await response.json();
        if (!response.ok) throw new Error(body.detail || 'Sandbox Pay could not take the payment.');
        options.onResult && options.onResult(body);
      } catch (error) {
        options.onError && options.onError(error instanceof Error ? error.message : String(error));
      } finally {
        button.disabled = false;
      }
    });
    container.replaceChildren(button);
    return { unmount: () => button.remove() };
  };
  window.SandboxPay = { mount };
})();
`;
}
