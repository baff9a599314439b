/**
 * Invoices on account (decision 0091): what each order on account still owes the provider, its due
 * date (the provider's, set when the order is fulfilled) and where to pay; the trade dashboard's list
 * and totals, and the terms printed on the order's VAT invoice.
 */
import { londonIsoDate, type OnAccountInvoices } from '@shop/contracts';
import type { Database, Transaction } from '../../db/client.ts';
import { holderOf } from './credit-access.ts';
import { CREDIT_TERM_DAYS, type CreditPayee } from './credit-provider.ts';
import { invoiceStanding, invoiceTotals } from './invoice-rules.ts';
import type { TradeCreditContext, TradeCreditDeps } from './trade-credit.deps.ts';
import * as repository from './trade-credit.repository.ts';

/** What an order's VAT invoice says about paying it on account. */
export interface OnAccountTerms {
  termDays: number;
  dueDate: string | null;
  payee: CreditPayee | null;
  /** When the provider reported the invoice paid (ISO instant). */
  paidAt: string | null;
}

export interface OnAccountInvoicesService {
  /** The caller's trade account's orders on account, newest first, with the totals due and overdue today. */
  listOnAccountInvoices(ctx: TradeCreditContext, page: { pageNumber: number; pageSize: number }): Promise<OnAccountInvoices>;
  /** The terms of an order paid on account (the provider's order id), or null for one the shop does not know. */
  invoiceTerms(db: Database | Transaction, orderRef: string): Promise<OnAccountTerms | null>;
}

export function createOnAccountInvoices(deps: TradeCreditDeps): OnAccountInvoicesService {
  return {
    async listOnAccountInvoices(ctx, { pageNumber, pageSize }) {
      const holder = await holderOf(deps, ctx);
      const today = londonIsoDate(ctx.clock.now());
      const [{ rows, total }, open] = await Promise.all([
        repository.creditOrdersPage(ctx.db, holder.tradeAccountId, pageNumber, pageSize),
        repository.openCreditOrdersOf(ctx.db, holder.tradeAccountId),
      ]);
      const states = await deps.orders.orderStates(
        ctx,
        rows.map((row) => row.orderId),
      );
      return {
        ...invoiceTotals(open, today),
        termDays: CREDIT_TERM_DAYS,
        items: rows.map((row) => ({
          orderNumber: states.get(row.orderId)?.orderNumber ?? '',
          placedAt: row.placedAt.toISOString(),
          amountPence: row.amountPence,
          ...invoiceStanding(row, today),
          dueDate: row.dueDate,
          payee: row.payee,
          paidAt: row.paidAt?.toISOString() ?? null,
        })),
        pageNumber,
        pageSize,
        totalCount: total,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },

    async invoiceTerms(db, orderRef) {
      const row = await repository.findCreditOrder(db, orderRef);
      return row ? { termDays: CREDIT_TERM_DAYS, dueDate: row.dueDate, payee: row.payee, paidAt: row.paidAt?.toISOString() ?? null } : null;
    },
  };
}
