import { z } from 'zod';

/** RFC 9457 problem details, with the shop's stable `code` and per-field `errors`. */
export const FieldErrorSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. `body.quantity`'),
  message: z.string(),
  code: z.string(),
});

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Stable, machine-readable error code, e.g. `VALIDATION_FAILED`'),
    instance: z.string().optional(),
    requestId: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional(),
    // Extension members (RFC 9457 §3.2), sent with the codes that name them.
    maxQuantity: z.number().int().optional().describe('BASKET_QUANTITY_ABOVE_STOCK: the most of the sku a basket can hold now'),
    canAdd: z.number().int().optional().describe('BASKET_QUANTITY_ABOVE_STOCK: how many more of the sku this basket can take now'),
    termsVersion: z
      .number()
      .int()
      .optional()
      .describe('TRADE_TERMS_NOT_ACCEPTED and TRADE_TERMS_VERSION_NOT_CURRENT: the current trade terms version, to read and accept'),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof ProblemSchema>;
export type FieldError = z.infer<typeof FieldErrorSchema>;
