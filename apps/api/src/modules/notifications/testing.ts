/** Test helpers other modules' tests may use: the outbox as stored, to read an e-mail a call queued. */
export { readOutbox } from './notifications.service.ts';
