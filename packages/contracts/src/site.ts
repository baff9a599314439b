import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint.ts';

/**
 * Who the shop is and how to reach it: the company behind it and its customer service, from the
 * settings (SHOP_*). The contact page, the footer, the legal pages and every e-mail show these.
 */
export const ShopDetailsSchema = z
  .object({
    tradingName: z.string().describe('The name shoppers know the shop by'),
    legalName: z.string().describe('The company that sells: the contracting party and data controller'),
    companyNumber: z.string().describe('Companies House registration number'),
    registeredIn: z.enum(['England and Wales', 'Scotland', 'Northern Ireland']).describe('Follows from the company number'),
    vatNumber: z.string().describe('UK VAT registration number, e.g. GB123456789'),
    address: z
      .object({ lines: z.array(z.string()).min(1), postcode: z.string() })
      .describe('Registered office, which is also where post reaches customer service'),
    phone: z.object({ display: z.string().describe('As people dial it, e.g. 0113 496 0000'), uri: z.string().describe('For links: tel:+441134960000') }),
    email: z.email().describe('Customer service'),
    openingHours: z.string().describe('When the phone line is answered, in words'),
  })
  .meta({ id: 'ShopDetails' });
export type ShopDetails = z.infer<typeof ShopDetailsSchema>;

export const siteEndpoints = {
  getShopDetails: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/ShopDetails',
    summary: 'The company behind the shop and how to reach customer service',
    description: 'Not one of the spec calls: the storefront shows these on every page (docs/decisions/0016).',
    access: publicAccess,
    cacheSeconds: 300,
    responses: { 200: ShopDetailsSchema },
  }),
} as const;
