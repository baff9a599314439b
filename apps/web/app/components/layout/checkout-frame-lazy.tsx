import { lazyComponent } from '../../lib/lazy-component.tsx';

// Only checkout's pages have the slim frame. Kept as the server drew it until its code is here: a plain lazy
// boundary is thrown away when the basket loads during hydration, and the page jumped 72 px up and back.
export const CheckoutHeader = lazyComponent(() => import('./checkout-frame.tsx').then((module) => module.CheckoutHeader), { whenVisible: true });
export const CheckoutFooter = lazyComponent(() => import('./checkout-frame.tsx').then((module) => module.CheckoutFooter), { whenVisible: true });

/** The slim frame's code, fetched (once) before checkout is shown after a navigation, so the page never appears without it. */
export const checkoutFrameLoaded = () => Promise.all([CheckoutHeader.preload(), CheckoutFooter.preload()]);
