/**
 * A few demo requests so the staff inbox is not empty on `npm start`: one of each status, some past
 * their routing time, with short threads. Written directly (no acknowledgement e-mails go out), and
 * their reply links are random tokens nobody holds.
 */
import { randomUUID } from 'node:crypto';
import { HELP_REQUEST_ROUTING, HELP_REQUEST_REFERENCE_PREFIX, REFERENCE_SYMBOLS, type HelpRequestStatus, type HelpRequestType } from '@shop/contracts';
import { newOpaqueId, readableCode } from '../../platform/readable-codes.ts';
import type { Seed } from '../../seed/seed.ts';
import { insertHelpRequest } from './enquiries.repository.ts';
import { hashToken } from './help-requests.ts';
import { appendMessage } from './inbox.repository.ts';

const HOUR_MS = 3_600_000;

interface DemoRequest {
  type: HelpRequestType;
  status: HelpRequestStatus;
  name: string;
  emailAddress: string;
  hoursAgo: number;
  summary: string;
  details: Record<string, unknown>;
  message: string;
  staffReply?: string;
  assignedToName?: string;
}

const DEMO_REQUESTS: readonly DemoRequest[] = [
  {
    type: 'GENERAL_ENQUIRY',
    status: 'new',
    name: 'Priya Shah',
    emailAddress: 'priya.shah@example.com',
    hoursAgo: 80,
    summary: 'Do you fit the bathrooms you sell?',
    details: { subject: 'Do you fit the bathrooms you sell?' },
    message: 'Hello, do you fit the bathrooms you sell, or can you recommend a fitter near Leeds?',
  },
  {
    type: 'PRODUCT_QUESTION',
    status: 'in_progress',
    name: 'Tom Hughes',
    emailAddress: 'tom.hughes@example.com',
    hoursAgo: 30,
    summary: 'Is the basin mixer suitable for low water pressure?',
    details: { question: 'Is the basin mixer suitable for low water pressure?' },
    message: 'We have a gravity-fed system with about 0.2 bar. Will the basin mixer work?',
    assignedToName: 'Olive Orders',
  },
  {
    type: 'PRICE_MATCH',
    status: 'waiting_for_customer',
    name: 'Grace Evans',
    emailAddress: 'grace.evans@example.com',
    hoursAgo: 52,
    summary: 'Seen cheaper: freestanding bath at £649',
    details: { competitorName: 'Bath Barn', competitorPricePence: 64_900, competitorUrl: 'https://bathbarn.example/baths/roll-top' },
    message: 'The same bath is £649 at Bath Barn including delivery.',
    staffReply: 'Thank you. Could you send us a link to the page showing the delivery charge, please?',
    assignedToName: 'Olive Orders',
  },
  {
    type: 'TRADE_CALLBACK',
    status: 'new',
    name: 'Sam Okafor',
    emailAddress: 'sam@okaforplumbing.example',
    hoursAgo: 1,
    summary: 'Call back: Thursday morning',
    details: { businessName: 'Okafor Plumbing', timeSlot: 'morning' },
    message: 'Please call me about trade pricing on bulk radiators.',
  },
  {
    type: 'CATALOGUE_REQUEST',
    status: 'new',
    name: 'Helen Moore',
    emailAddress: 'helen.moore@example.com',
    hoursAgo: 6,
    summary: 'Printed catalogue to CF10 1AA',
    details: { postcode: 'CF10 1AA' },
    message: 'Please send me your latest brochure.',
  },
  {
    type: 'FEEDBACK',
    status: 'closed',
    name: 'Jack Turner',
    emailAddress: 'jack.turner@example.com',
    hoursAgo: 200,
    summary: 'Rating 5: checkout',
    details: { rating: 5, page: '/checkout' },
    message: 'Quick and easy checkout, thank you.',
  },
];

export function inboxDemoSeed(): Seed {
  return {
    name: 'help-centre-inbox-demo',
    size: DEMO_REQUESTS.length,
    async run(db, progress) {
      const now = Date.now();
      for (const [index, demo] of DEMO_REQUESTS.entries()) {
        const createdAt = new Date(now - demo.hoursAgo * HOUR_MS);
        // Demo data: a working hour counted as three calendar hours is near enough.
        const dueAt = new Date(createdAt.getTime() + HELP_REQUEST_ROUTING[demo.type].workingHours * 3 * HOUR_MS);
        const row = await insertHelpRequest(
          db,
          {
            id: randomUUID(),
            reference: `${HELP_REQUEST_REFERENCE_PREFIX}${readableCode(REFERENCE_SYMBOLS)}`,
            type: demo.type,
            status: demo.status,
            customerId: null,
            name: demo.name,
            emailAddress: demo.emailAddress,
            summary: demo.summary,
            details: demo.details,
            assignedToName: demo.assignedToName ?? null,
            replyTokenHash: hashToken(newOpaqueId()),
            dueAt,
            createdAt,
            updatedAt: createdAt,
            closedAt: demo.status === 'closed' ? new Date(createdAt.getTime() + 2 * HOUR_MS) : null,
          },
          { author: 'customer', authorId: null, authorName: demo.name, body: demo.message, at: createdAt },
          [],
        );
        if (demo.staffReply) {
          await appendMessage(db, {
            requestId: row!.id,
            author: 'staff',
            authorId: null,
            authorName: demo.assignedToName ?? 'Customer service',
            body: demo.staffReply,
            at: new Date(createdAt.getTime() + 4 * HOUR_MS),
          });
        }
        progress(index + 1, DEMO_REQUESTS.length);
      }
    },
  };
}
