import type { Database } from '../../db/client.ts';
import * as repository from './notifications.repository.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of e-mail this is, e.g. `identity.verify-email`: shown in the mailbox, useful in tests. */
  template: string;
  /** Enqueueing twice with the same key queues one e-mail. */
  dedupeKey?: string;
}

// One address, no display name and nothing that could start another header.
const ADDRESS = /^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\]+\.[^\s@<>(),;:"\\]+$/;

/**
 * Queues an e-mail in the caller's transaction (pass the `tx`): it is sent only if that transaction
 * commits, by the dispatcher, after commit. A programming mistake (a bad address) throws: callers
 * validate user input before they get here.
 */
export async function enqueueEmail(db: Database, message: EmailMessage): Promise<{ id: string }> {
  const to = message.to.trim();
  if (!ADDRESS.test(to) || to.length > 320) throw new Error(`Cannot queue an e-mail to "${message.to}": not a single e-mail address`);
  if (!message.template) throw new Error('An e-mail needs a template name');
  if (message.dedupeKey === '') throw new Error('An empty dedupe key is not allowed; omit it instead');
  return repository.insertEmail(db, {
    to,
    subject: message.subject.replace(/[\r\n]+/g, ' ').trim(),
    html: message.html,
    text: message.text,
    template: message.template,
    dedupeKey: message.dedupeKey ?? null,
  });
}
