import type { Basket, SavedBasket } from '@shop/contracts';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useShopAuth } from '../../components/auth/use-shop-auth.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { trackLineChange } from '../events/basket-events.ts';
import { useApiClients } from '../use-api.ts';
import { useSerialChanges, type ChangeResult } from '../use-serial-changes.ts';
import {
  BASKET_ID_KEY,
  collectNotices,
  CURRENT_BASKET,
  forgetBasketId,
  isNotFound,
  problemCode,
  readStoredBasketId,
  storeBasketId,
  type ShownNotice,
} from './basket-logic.ts';

/** Every change answers with the basket or the refusal; nothing throws at the caller. */
export type BasketResult<T = Basket> = ChangeResult<T>;

/** What was added last, for the mini-basket's confirmation. */
export interface AddedItem {
  sku: string;
  quantity: number;
}

export interface BasketContextValue {
  /** null: no basket yet (an empty basket to the shopper). */
  basket: Basket | null;
  /** `loading` until the stored basket (or the shopper's) has been read once. */
  status: 'loading' | 'ready' | 'error';
  /** A change is queued or under way. */
  pending: boolean;
  /** The last failed load or change. */
  error: unknown;
  /** What changed without being asked (merges, unavailable lines…), until dismissed. */
  notices: ShownNotice[];
  dismissNotice(key: string): void;
  dismissAllNotices(): void;
  add(sku: string, quantity: number): Promise<BasketResult>;
  setQuantity(sku: string, quantity: number): Promise<BasketResult>;
  remove(sku: string): Promise<BasketResult>;
  applyDiscount(code: string): Promise<BasketResult>;
  removeDiscount(): Promise<BasketResult>;
  save(): Promise<BasketResult<SavedBasket>>;
  email(emailAddress: string): Promise<BasketResult<SavedBasket>>;
  refresh(): Promise<BasketResult<Basket | null>>;
  retrieve(code: string): Promise<BasketResult>;
  /** The header's slide-out panel, opened after an add to confirm what was added (a product and its required items). */
  panel: { open: boolean; added: AddedItem[] };
  openPanel(added?: AddedItem | AddedItem[]): void;
  closePanel(): void;
}

/** A guest basket id the API no longer knows (expired, or taken over by a sign-in elsewhere). */
const isBasketGone = (failure: unknown, basketId: string) => basketId !== CURRENT_BASKET && problemCode(failure) === 'BASKET_NOT_FOUND';

const BasketContext = createContext<BasketContextValue | undefined>(undefined);

/** The basket of whoever is shopping; outside the provider (server rendering of bare pages) a loading, empty basket. */
export function useBasket(): BasketContextValue {
  const value = useContext(BasketContext);
  if (!value) throw new Error('useBasket() needs a <BasketProvider> above it');
  return value;
}

/**
 * The current basket for the whole storefront. A guest's basket id lives in localStorage; a
 * signed-in shopper's basket is the API's `mine`. On sign-in a stored guest basket is read with the
 * token, which merges it into the shopper's basket (a `merged` notice), and the guest id is forgotten.
 */
export function BasketProvider({ children }: { children: ReactNode }) {
  const clients = useApiClients();
  const auth = useShopAuth();
  const toast = useToast();
  const [basket, setBasket] = useState<Basket | null>(null);
  const [status, setStatus] = useState<BasketContextValue['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const [panel, setPanel] = useState<BasketContextValue['panel']>({ open: false, added: [] });
  // Read inside queued tasks, which must see the answer of the task before them, not a stale render.
  const basketRef = useRef<Basket | null>(null);
  const signedIn = auth.status === 'signed-in';
  const signedInRef = useRef(signedIn);
  // A layout effect, so it is current before any effect loads or changes the basket.
  useLayoutEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  const accept = useCallback((next: Basket | null) => {
    basketRef.current = next;
    setBasket(next);
    // An answer from any call is the basket as it stands, even one that beat the first read.
    setStatus('ready');
    setError(null);
    if (next) {
      if (next.owner === 'guest') storeBasketId(next.basketId);
      setNotices((shown) => collectNotices(shown, next.notices));
    }
  }, []);

  const { enqueue, pending } = useSerialChanges(setError);

  /**
   * The basket to change: the loaded one, else the shopper's own, else the one this browser keeps
   * (a guest's change pressed before the first read, which waits for sign-in to settle, is made to
   * it rather than refused), else none yet.
   */
  const targetId = useCallback(() => basketRef.current?.basketId ?? (signedInRef.current ? CURRENT_BASKET : readStoredBasketId()), []);

  /**
   * Runs a change on the current basket. A stored id the API no longer knows (expired, or taken
   * over by a sign-in elsewhere) is forgotten and the basket is empty again.
   */
  const change = useCallback(
    (call: (basketId: string) => Promise<Basket>, sku?: string) =>
      enqueue(async () => {
        const basketId = targetId();
        if (!basketId) throw new Error('There is no basket to change yet.');
        const before = basketRef.current;
        try {
          const next = await call(basketId);
          accept(next);
          if (sku) trackLineChange(sku, before, next);
          return next;
        } catch (failure) {
          if (isBasketGone(failure, basketId)) {
            forgetBasketId();
            accept(null);
          }
          throw failure;
        }
      }),
    [enqueue, accept, targetId],
  );

  /**
   * Reads the current basket: a guest's stored one (forgotten when the API no longer knows it), or
   * the shopper's, after merging a stored guest basket into it by reading that with the token.
   */
  const loadCurrent = useCallback(async (): Promise<Basket | null> => {
    if (!clients) return null;
    const storedId = readStoredBasketId();
    let next: Basket | null = null;
    if (storedId) {
      try {
        next = await clients.basket.getBasket({ params: { basketId: storedId } });
      } catch (failure) {
        if (!isNotFound(failure)) throw failure;
      }
      // Signed in, the guest basket is now the shopper's (merged), so its id is no longer needed.
      if (!next || signedInRef.current) forgetBasketId();
    }
    if (signedInRef.current) next ??= await clients.basket.getBasket({ params: { basketId: CURRENT_BASKET } });
    accept(next);
    return next;
  }, [clients, accept]);

  // Load the basket once sign-in has settled, and again when the shopper signs in or out.
  const authStatus = auth.status;
  useEffect(() => {
    if (!clients || authStatus === 'loading') return;
    void enqueue(loadCurrent).then((result) => {
      if (!result.ok) setStatus('error');
      const merged = result.ok ? result.value?.notices.find((notice) => notice.type === 'merged') : undefined;
      if (merged) toast(merged.message, 'success');
    });
  }, [clients, authStatus, enqueue, loadCurrent, toast]);

  // Another tab started a guest basket, retrieved one or forgot it: read it again so the tabs agree.
  useEffect(() => {
    if (!clients) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === BASKET_ID_KEY && !signedInRef.current) void enqueue(loadCurrent);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clients, enqueue, loadCurrent]);

  const dismissAllNotices = useCallback(() => setNotices([]), []);
  const openPanel = useCallback((added?: AddedItem | AddedItem[]) => setPanel({ open: true, added: added ? [added].flat() : [] }), []);
  const closePanel = useCallback(() => setPanel((current) => (current.open ? { open: false, added: [] } : current)), []);

  const value = useMemo<BasketContextValue>(() => {
    const api = clients?.basket;
    const missing = () => Promise.reject(new Error('The shop is still starting up. Try again in a moment.'));
    return {
      basket,
      status,
      pending,
      error,
      notices,
      dismissNotice: (key) => setNotices((shown) => shown.filter((notice) => notice.key !== key)),
      dismissAllNotices,
      add: (sku, quantity) =>
        api
          ? enqueue(async () => {
              const body = { sku, quantity };
              const basketId = targetId();
              const before = basketRef.current;
              let next: Basket;
              try {
                next = basketId ? await api.addItem({ params: { basketId }, body }) : await api.createBasket({ body });
              } catch (failure) {
                // A guest basket that has gone: start a new one with this item.
                if (!basketId || !isBasketGone(failure, basketId)) throw failure;
                forgetBasketId();
                next = await api.createBasket({ body });
              }
              accept(next);
              trackLineChange(sku, before, next, quantity);
              return next;
            })
          : enqueue(missing),
      setQuantity: (sku, quantity) => (api ? change((basketId) => api.setItem({ params: { basketId }, body: { sku, quantity } }), sku) : enqueue(missing)),
      remove: (sku) => (api ? change((basketId) => api.removeItem({ params: { basketId }, body: { sku } }), sku) : enqueue(missing)),
      applyDiscount: (code) => (api ? change((basketId) => api.addDiscount({ params: { basketId }, body: { code } })) : enqueue(missing)),
      removeDiscount: () =>
        api ? change((basketId) => api.removeDiscount({ params: { basketId }, body: { code: basketRef.current?.discount?.code ?? '' } })) : enqueue(missing),
      save: () =>
        api
          ? enqueue(async () => {
              const basketId = targetId();
              if (!basketId) throw new Error('Add something to your basket before saving it.');
              return api.saveBasket({ params: { basketId } });
            })
          : enqueue(missing),
      email: (emailAddress) =>
        api
          ? enqueue(async () => {
              const basketId = targetId();
              if (!basketId) throw new Error('Add something to your basket before saving it.');
              return api.sendBasketSavedEmail({ body: { basketId, emailAddress } });
            })
          : enqueue(missing),
      refresh: () =>
        api
          ? enqueue(async () => {
              const basketId = targetId();
              // Nothing loaded yet (or the first load failed): load it now.
              if (!basketId || status === 'error') return loadCurrent();
              try {
                const next = await api.refreshBasket({ params: { basketId } });
                accept(next);
                return next;
              } catch (failure) {
                if (!isBasketGone(failure, basketId)) throw failure;
                forgetBasketId();
                accept(null);
                return null;
              }
            })
          : enqueue(missing),
      retrieve: (code) =>
        api
          ? enqueue(async () => {
              // A copy of the saved basket, made for whoever asks: a guest keeps its id, a shopper owns it already.
              const next = await api.retrieveBasket({ query: { retrievalCode: code } });
              accept(next);
              setNotices((shown) => [
                ...shown.filter((notice) => notice.type !== 'retrieved'),
                {
                  key: `retrieved:${next.basketId}`,
                  type: 'retrieved',
                  message: 'We’ve retrieved your saved basket. Prices and stock have been checked again.',
                },
              ]);
              return next;
            })
          : enqueue(missing),
      panel,
      openPanel,
      closePanel,
    };
  }, [clients, basket, status, pending, error, notices, panel, dismissAllNotices, openPanel, closePanel, enqueue, change, accept, targetId, loadCurrent]);

  return <BasketContext value={value}>{children}</BasketContext>;
}
