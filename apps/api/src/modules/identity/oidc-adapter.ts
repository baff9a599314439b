import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client.ts';
import { isStorableText } from '../../platform/storable-text.ts';
import * as repository from './identity.repository.ts';

/**
 * oidc-provider's storage over the shop's database: one table, one row per artefact, keyed by the
 * model name and id. Several instances share it, so sessions, grants, codes and refresh tokens work
 * whichever instance a request reaches.
 */
export class DatabaseAdapter implements Adapter {
  readonly kind: string;
  readonly db: Database;
  readonly now: () => Date;

  constructor(kind: string, db: Database, now: () => Date) {
    this.kind = kind;
    this.db = db;
    this.now = now;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const accountId = payload.accountId ?? null;
    await repository.upsertOidcPayload(this.db, {
      kind: this.kind,
      id,
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      accountId: typeof accountId === 'string' ? accountId : null,
      expiresAt: typeof expiresIn === 'number' ? new Date(this.now().getTime() + expiresIn * 1000) : null,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#find({ id });
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#find({ uid });
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#find({ userCode });
  }

  async consume(id: string): Promise<void> {
    await repository.consumeOidcPayload(this.db, this.kind, id, this.now());
  }

  async destroy(id: string): Promise<void> {
    await repository.destroyOidcPayload(this.db, this.kind, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await repository.revokeOidcGrant(this.db, grantId);
  }

  async #find(by: { id: string } | { uid: string } | { userCode: string }): Promise<AdapterPayload | undefined> {
    // The provider reads token endpoints' bodies itself: a code or token PostgreSQL cannot hold is one it never issued.
    if (!isStorableText(Object.values(by)[0]!)) return undefined;
    const row = await repository.findOidcPayload(this.db, this.kind, by, this.now());
    if (!row) return undefined;
    // oidc-provider reads `consumed` (an epoch time) to refuse a code or refresh token used twice.
    return row.consumedAt ? { ...(row.payload as AdapterPayload), consumed: Math.floor(row.consumedAt.getTime() / 1000) } : (row.payload as AdapterPayload);
  }
}
