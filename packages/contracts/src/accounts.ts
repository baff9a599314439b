import { z } from 'zod';
import { ROLES, defineEndpoint, signedIn } from './endpoint.ts';
import { newsletterEndpoints } from './newsletter.ts';
import { customerOrderEndpoints } from './orders.ts';

export const UserProfileSchema = z
  .object({
    id: z.string().describe('The subject (`sub`) of the signed-in user'),
    email: z.string().nullable(),
    name: z.string().nullable(),
    emailVerified: z.boolean(),
    roles: z.array(z.enum(ROLES)),
    tradeAccountId: z.string().nullable(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const accountsEndpoints = {
  getUserProfile: defineEndpoint({
    service: 'accounts',
    method: 'GET',
    path: '/api/UserProfile',
    summary: "The signed-in user's profile: name, e-mail, roles and trade account",
    access: signedIn,
    responses: { 200: UserProfileSchema },
  }),
  ...customerOrderEndpoints,
  ...newsletterEndpoints,
} as const;
