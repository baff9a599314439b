/**
 * Stripe.js, loaded by script tag from the address the API gives (STRIPE_JS_URL), and the small part
 * of its surface the payment step uses. Card numbers stay in Stripe's frames: the page sees only the
 * outcome of a confirmation.
 */

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripePaymentIntent {
  id: string;
  status: string;
}

export type StripeResult = { error: StripeError; paymentIntent?: undefined } | { error?: undefined; paymentIntent: StripePaymentIntent };

export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripePaymentElement extends StripeElement {
  on(event: 'ready' | 'loaderror' | 'change', handler: (event: { complete?: boolean }) => void): StripePaymentElement;
}

export type ExpressPaymentType = 'apple_pay' | 'google_pay' | 'link' | 'paypal' | 'amazon_pay' | 'klarna';

/** Which wallet buttons the Express Checkout Element shows on this device; undefined when none. */
export type AvailablePaymentMethods = Partial<Record<'applePay' | 'googlePay' | 'link' | 'paypal' | 'amazonPay' | 'klarna', boolean>> | undefined;

export interface StripeExpressClickEvent {
  expressPaymentType: ExpressPaymentType;
  /** Opens the wallet's payment sheet; Stripe needs it within a second of the click. */
  resolve(details?: { business?: { name: string } }): void;
  reject(): void;
}

/** The shopper approved in the wallet's sheet: confirm the payment, or say it failed (the sheet shows it). */
export interface StripeExpressConfirmEvent {
  expressPaymentType: ExpressPaymentType;
  paymentFailed(payload?: { reason?: 'fail' | 'invalid_payment_data'; message?: string }): void;
}

export interface StripeExpressCheckoutElement extends StripeElement {
  on(event: 'ready', handler: (event: { availablePaymentMethods?: AvailablePaymentMethods }) => void): StripeExpressCheckoutElement;
  on(event: 'loaderror', handler: (event: { error: StripeError }) => void): StripeExpressCheckoutElement;
  on(event: 'click', handler: (event: StripeExpressClickEvent) => void): StripeExpressCheckoutElement;
  on(event: 'confirm', handler: (event: StripeExpressConfirmEvent) => void): StripeExpressCheckoutElement;
  on(event: 'cancel', handler: () => void): StripeExpressCheckoutElement;
}

export interface StripeExpressCheckoutOptions {
  /** 40–55px; Stripe's default is 44. */
  buttonHeight?: number;
  buttonType?: { applePay?: 'buy' | 'check-out' | 'plain'; googlePay?: 'buy' | 'checkout' | 'pay' | 'plain' };
}

/** One group of elements for one PaymentIntent: the Payment Element and the Express Checkout Element confirm the same payment. */
export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
  create(type: 'expressCheckout', options?: StripeExpressCheckoutOptions): StripeExpressCheckoutElement;
}

export interface StripeClient {
  elements(options: { clientSecret: string; appearance?: { theme?: string; variables?: Record<string, string> } }): StripeElements;
  confirmPayment(options: { elements: StripeElements; redirect: 'if_required'; confirmParams: { return_url: string } }): Promise<StripeResult>;
  handleNextAction(options: { clientSecret: string }): Promise<StripeResult>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

export interface StripeSettings {
  publishableKey: string;
  scriptUrl: string;
}

const scripts = new Map<string, Promise<StripeFactory>>();
const clients = new Map<string, Promise<StripeClient>>();

function loadScript(scriptUrl: string): Promise<StripeFactory> {
  const loading = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.addEventListener('load', () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (typeof factory === 'function') resolve(factory);
      else reject(new Error('Stripe.js loaded without defining Stripe'));
    });
    script.addEventListener('error', () => {
      // A later try adds a fresh tag rather than waiting on this failed one.
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}

/** One Stripe client per key for the page's life (as Stripe advises); a failed load is tried afresh next time. */
export function loadStripe({ publishableKey, scriptUrl }: StripeSettings): Promise<StripeClient> {
  const key = `${scriptUrl} ${publishableKey}`;
  let client = clients.get(key);
  if (!client) {
    let script = scripts.get(scriptUrl);
    if (!script) scripts.set(scriptUrl, (script = loadScript(scriptUrl)));
    client = script.then((factory) => factory(publishableKey));
    clients.set(key, client);
    client.catch(() => {
      scripts.delete(scriptUrl);
      clients.delete(key);
    });
  }
  return client;
}

/** A Stripe.js result in the terms the payment step's outcome handling uses (as the sandbox frame reports). */
export function stripeOutcome(result: StripeResult): { status: string; error?: { code?: string; message?: string } | null } {
  if (!result.error) return { status: result.paymentIntent.status };
  if (result.error.type === 'validation_error') return { status: 'invalid' };
  if (result.error.type === 'api_connection_error') return { status: 'error', error: { code: 'network' } };
  return { status: 'requires_payment_method', error: { code: result.error.code, message: result.error.message } };
}
