import type { Wishlist, WishlistNotice } from '@shop/contracts';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useShopAuth } from '../../components/auth/use-shop-auth.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { problemCode } from '../basket/basket-logic.ts';
import { storedIdSlot } from '../stored-id.ts';
import { useApiClients } from '../use-api.ts';
import { useSerialChanges, type ChangeResult } from '../use-serial-changes.ts';

/** The API's name for a signed-in shopper's current wishlist. */
export const CURRENT_WISHLIST = 'mine';
const storedWishlistId = storedIdSlot('plumbline.wishlistId');

export type WishlistResult<T = Wishlist> = ChangeResult<T>;

export interface WishlistContextValue {
  /** null: no wishlist yet (an empty one to the shopper). */
  wishlist: Wishlist | null;
  status: 'loading' | 'ready' | 'error';
  pending: boolean;
  /** What changed since the shopper last looked (price drops, stock), until dismissed. */
  notices: WishlistNotice[];
  dismissNotices(): void;
  has(sku: string): boolean;
  /** Adds the sku, or removes it when it is already there (the heart). */
  toggle(sku: string): Promise<WishlistResult>;
  setItem(sku: string, change: { quantity?: number; note?: string }): Promise<WishlistResult>;
  remove(sku: string): Promise<WishlistResult>;
  refresh(removeUnavailable?: boolean): Promise<WishlistResult<Wishlist | null>>;
  save(name: string): Promise<WishlistResult>;
  email(input: { emailAddress: string; senderName?: string; message?: string }): Promise<WishlistResult<{ shareCode: string; shareUrl: string }>>;
  /** Adds the products of a shared wishlist to this one (a new one when there is none). */
  retrieve(shareCode: string): Promise<WishlistResult>;
}

const notReady = (): Promise<never> => Promise.reject(new Error('The wishlist is not available on this page.'));

/** Outside a provider (a component rendered on its own, as in tests): an empty wishlist still loading. */
const LOADING: WishlistContextValue = {
  wishlist: null,
  status: 'loading',
  pending: false,
  notices: [],
  dismissNotices: () => {},
  has: () => false,
  toggle: notReady,
  setItem: notReady,
  remove: notReady,
  refresh: notReady,
  save: notReady,
  email: notReady,
  retrieve: notReady,
};

const WishlistContext = createContext<WishlistContextValue>(LOADING);

export const useWishlist = (): WishlistContextValue => useContext(WishlistContext);

const isGone = (failure: unknown, id: string) => id !== CURRENT_WISHLIST && problemCode(failure) === 'WISHLIST_NOT_FOUND';

/**
 * The current wishlist for the whole storefront, kept as the basket is: a guest's id in
 * localStorage, a signed-in shopper's as the API's `mine`. On sign-in a stored guest wishlist is
 * read with the token, which merges it into the shopper's, and the guest id is forgotten.
 */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const clients = useApiClients();
  const auth = useShopAuth();
  const toast = useToast();
  const [wishlist, setWishlist] = useState<Wishlist | null>(null);
  const [status, setStatus] = useState<WishlistContextValue['status']>('loading');
  const [notices, setNotices] = useState<WishlistNotice[]>([]);
  const current = useRef<Wishlist | null>(null);
  const signedIn = auth.status === 'signed-in';
  const signedInRef = useRef(signedIn);
  useLayoutEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  const accept = useCallback((next: Wishlist | null) => {
    current.current = next;
    setWishlist(next);
    if (next?.owner === 'guest') storedWishlistId.store(next.wishlistId);
    if (next && next.notices.length > 0)
      setNotices((shown) => [...shown.filter((old) => !next.notices.some((notice) => notice.sku === old.sku && notice.type === old.type)), ...next.notices]);
  }, []);

  const { enqueue, pending } = useSerialChanges();

  const targetId = useCallback(() => current.current?.wishlistId ?? (signedInRef.current ? CURRENT_WISHLIST : null), []);

  /** Runs a change on the current wishlist, or on a new one when `create` is given and there is none. */
  const change = useCallback(
    (call: (id: string) => Promise<Wishlist>, create?: () => Promise<Wishlist>) =>
      enqueue(async () => {
        const id = targetId();
        let next: Wishlist;
        try {
          if (!id) {
            if (!create) throw new Error('Add a product to your wishlist first.');
            next = await create();
          } else next = await call(id);
        } catch (failure) {
          if (!id || !isGone(failure, id)) throw failure;
          // A guest wishlist that has gone (taken over by a sign-in elsewhere): start again.
          storedWishlistId.forget();
          accept(null);
          if (!create) throw failure;
          next = await create();
        }
        accept(next);
        return next;
      }),
    [enqueue, accept, targetId],
  );

  const loadCurrent = useCallback(async (): Promise<Wishlist | null> => {
    if (!clients) return null;
    const storedId = storedWishlistId.read();
    let next: Wishlist | null = null;
    if (storedId) {
      try {
        next = await clients.wishlist.getWishlist({ params: { wishlistId: storedId } });
      } catch (failure) {
        if (!isGone(failure, storedId)) throw failure;
      }
      if (!next || signedInRef.current) storedWishlistId.forget();
    }
    if (signedInRef.current) next ??= await clients.wishlist.getWishlist({ params: { wishlistId: CURRENT_WISHLIST } });
    accept(next);
    setStatus('ready');
    return next;
  }, [clients, accept]);

  const authStatus = auth.status;
  useEffect(() => {
    if (!clients || authStatus === 'loading') return;
    void enqueue(loadCurrent).then((result) => {
      if (!result.ok) setStatus('error');
      const merged = result.ok ? result.value?.notices.find((notice) => notice.type === 'merged') : undefined;
      if (merged) toast(merged.message, 'success');
    });
  }, [clients, authStatus, enqueue, loadCurrent, toast]);

  const value = useMemo<WishlistContextValue>(() => {
    const api = clients?.wishlist;
    const skus = new Set(wishlist?.items.map((item) => item.sku));
    const unavailable = () => enqueue<never>(() => Promise.reject(new Error('The shop is still starting up. Try again in a moment.')));
    return {
      wishlist,
      status,
      pending,
      notices,
      dismissNotices: () => setNotices([]),
      has: (sku) => skus.has(sku),
      toggle: (sku) => {
        if (!api) return unavailable();
        if (current.current?.items.some((item) => item.sku === sku)) return change((id) => api.removeItem({ params: { id }, body: { sku } }));
        return change(
          (id) => api.setItem({ params: { id }, body: { sku } }),
          () => api.createWishlist({ body: { sku } }),
        );
      },
      setItem: (sku, { quantity, note }) => {
        if (!api) return unavailable();
        const existing = current.current?.items.find((item) => item.sku === sku);
        const body = { sku, quantity: quantity ?? existing?.quantity ?? 1, note };
        return change(
          (id) => api.setItem({ params: { id }, body }),
          () => api.createWishlist({ body }),
        );
      },
      remove: (sku) => (api ? change((id) => api.removeItem({ params: { id }, body: { sku } })) : unavailable()),
      refresh: (removeUnavailable = false) =>
        api
          ? enqueue(async () => {
              const id = targetId();
              if (!id || status === 'error') return loadCurrent();
              try {
                const next = await api.refreshWishlist({ params: { id }, body: { removeUnavailable } });
                accept(next);
                return next;
              } catch (failure) {
                if (!isGone(failure, id)) throw failure;
                storedWishlistId.forget();
                accept(null);
                return null;
              }
            })
          : unavailable(),
      save: (name) => (api ? change((id) => api.saveWishlist({ params: { id }, body: { name } })) : unavailable()),
      email: (input) =>
        api
          ? enqueue(async () => {
              const id = targetId();
              if (!id) throw new Error('Add a product to your wishlist before sharing it.');
              const sent = await api.emailWishlist({ params: { id }, body: input });
              // The wishlist now has a share code: show it.
              accept(await api.getWishlist({ params: { wishlistId: id } }));
              return sent;
            })
          : unavailable(),
      retrieve: (shareCode) =>
        api
          ? enqueue(async () => {
              const into = targetId() ?? undefined;
              const next = await api.retrieveWishlist({ body: { shareCode, intoWishlistId: into } });
              accept(next);
              return next;
            })
          : unavailable(),
    };
  }, [clients, wishlist, status, pending, notices, enqueue, change, accept, targetId, loadCurrent]);

  return <WishlistContext value={value}>{children}</WishlistContext>;
}
