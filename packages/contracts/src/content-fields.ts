import { z } from 'zod';

/**
 * The fields content pages and blog posts are made of, each refusal in the shop's words (decision
 * 0085). Not re-exported from the package's index: the schemas built from them are.
 */
export const words = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, { error: `Enter ${label}`, abort: true })
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be ${max} characters or fewer`);
export const optionalWords = (label: string, max: number) => z.string().trim().max(max, `${label} must be ${max} characters or fewer`).optional();
/** A link: a path of this shop, an https or http address, mailto: or tel: (checked by the service, which names what it refuses). */
export const link = (label: string) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(500, `${label} must be 500 characters or fewer`);
