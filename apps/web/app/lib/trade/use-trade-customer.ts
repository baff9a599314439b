import type { UserProfile } from '@shop/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useShopAuth } from '../../components/auth/use-shop-auth.ts';
import { useApiClients } from '../use-api.ts';

/** How long one answer is trusted before a page that asks again (a customer may be approved meanwhile). */
export const TRADE_ANSWER_MAX_AGE_MS = 60_000;

interface Answer {
  /** undefined while the API has not answered (or could not). */
  trade: boolean | undefined;
  /** The call has finished, answered or not. */
  settled: boolean;
  askedAt: number;
  /** The round of asking it answers (recheckTradeAccount starts a new one). */
  round: number;
}

/** The API's answers, one per signed-in user, shared by every part of the page (one call for all of them). */
const answers = new Map<string, Answer>();
let round = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const store = (sub: string, answer: Answer) => {
  answers.set(sub, answer);
  for (const listener of listeners) listener();
};

/**
 * Marks every answer as old, so the next part of the page that asks gets a fresh one: for a page
 * that has just learnt the customer was approved.
 */
export function recheckTradeAccount() {
  round += 1;
  for (const listener of listeners) listener();
}

/** The profile as the API answers it now: its roles (the account's own) or the trade account it names. */
export const holdsTradeAccount = (profile: Pick<UserProfile, 'roles' | 'tradeAccountId'>) => profile.roles.includes('trade') || profile.tradeAccountId !== null;

/** Whether an answer for this user is wanted now: none yet, an old one, or one from before a recheck. */
export const shouldAsk = (answer: Pick<Answer, 'askedAt' | 'round'> | undefined, now: number, current: number) =>
  !answer || answer.round !== current || now - answer.askedAt >= TRADE_ANSWER_MAX_AGE_MS;

export interface TradeCustomer {
  /** The signed-in customer holds a trade account: the API's answer, and the token's claim only until it comes. */
  trade: boolean;
  /** The API has answered for this sign-in, or nobody is signed in. */
  known: boolean;
}

/**
 * Whether the signed-in customer is a trade customer, as the API says. A token names the roles of
 * its sign-in, so a customer approved since holds a trade account before their token says so; the
 * API looks the account up on every request, and its profile call says so at once: trade prices
 * and trade pages follow from the approval, with no new sign-in. Only what the storefront shows
 * follows this answer: every price and trade call is decided by the API from the token it is sent.
 */
export function useTradeCustomer(): TradeCustomer {
  const auth = useShopAuth();
  const clients = useApiClients();
  const sub = auth.status === 'signed-in' ? auth.user?.profile.sub : undefined;
  const answer = useSyncExternalStore(
    subscribe,
    () => (sub ? answers.get(sub) : undefined),
    () => undefined,
  );
  const currentRound = useSyncExternalStore(
    subscribe,
    () => round,
    () => 0,
  );

  useEffect(() => {
    // The map, not this render's answer: another part of the page may have asked in this same commit.
    if (!sub || !clients || !shouldAsk(answers.get(sub), Date.now(), currentRound)) return;
    const previous = answers.get(sub);
    const asked = { askedAt: Date.now(), round: currentRound };
    // Marked as asked before the call, so the page's other parts wait for this one.
    store(sub, { trade: previous?.trade, settled: previous?.settled ?? false, ...asked });
    clients.accounts.getUserProfile().then(
      (profile) => store(sub, { trade: holdsTradeAccount(profile), settled: true, ...asked }),
      // No answer: the token's claim stands until the answer is old.
      () => store(sub, { trade: previous?.trade, settled: true, ...asked }),
    );
  }, [sub, clients, currentRound]);

  if (!sub) return { trade: false, known: auth.status === 'signed-out' };
  return { trade: answer?.trade ?? auth.roles.includes('trade'), known: answer?.settled ?? false };
}
