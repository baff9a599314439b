import { z } from 'zod';
import { defineEndpoint, signedIn } from './endpoint.ts';
import { OrderNumberSchema } from './orders.ts';

/** A project holds at most this many lines (docs/domain.md: a whole house's refit fits well within it). */
export const PROJECT_MAX_LINES = 500;
export const PROJECT_MAX_QUANTITY = 999;
export const PROJECT_MAX_PAGE_SIZE = 500;
export const PROJECT_SHARE_ROLES = ['view', 'edit'] as const;
export type ProjectShareRole = (typeof PROJECT_SHARE_ROLES)[number];
/** What the caller may do with a project: their own, or shared with them for viewing or editing. */
export const PROJECT_ACCESS = ['owner', ...PROJECT_SHARE_ROLES] as const;
export const PROJECT_NOT_ADDED_REASONS = ['out_of_stock', 'discontinued', 'capped_to_stock'] as const;

const Pence = z.number().int().describe('Integer pence');
const Sku = z.string().trim().min(1, 'Choose a product').max(60, 'A product code has at most 60 characters');
/** Checked by the project itself, so a fractional or out-of-range quantity gets its own code and message. */
const Quantity = z.number({ error: 'Enter the quantity as a number, like 2' }).describe('Whole number of packs, 1 to 999');
const Note = z.string().trim().max(200, 'Keep the note to 200 characters').describe('Room or position, e.g. "en-suite, left of window"');
const ProjectId = z.string().min(1).max(64);

const Page = {
  pageNumber: z.coerce
    .number({ error: 'The page number must be a whole number' })
    .int('The page number must be a whole number')
    .min(1, 'Pages start at 1')
    .max(100_000, 'That page is too far on')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'The page size must be a whole number' })
    .int('The page size must be a whole number')
    .min(1, 'Show at least 1 per page')
    .max(PROJECT_MAX_PAGE_SIZE, `Show at most ${PROJECT_MAX_PAGE_SIZE} per page`)
    .default(50),
};
const PageAnswer = { pageNumber: z.number().int(), pageSize: z.number().int(), totalCount: z.number().int(), totalPages: z.number().int() };

export const ProjectIdParamsSchema = z.object({ projectId: ProjectId });

const ProjectFields = {
  name: z.string().trim().min(1, 'Give the project a name, like "Flat 4 bathroom refit"').max(80, 'Keep the name to 80 characters'),
  description: z.string().trim().max(500, 'Keep the description to 500 characters').optional(),
  siteReference: z.string().trim().max(60, 'Keep the site reference to 60 characters').optional(),
};

export const ProjectItemInputSchema = z
  .object({ sku: Sku, quantity: Quantity.default(1), note: Note.optional().describe('Omitted keeps the current note; empty clears it') })
  .meta({ id: 'ProjectItemInput' });
export type ProjectItemInput = z.infer<typeof ProjectItemInputSchema>;

export const CreateProjectSchema = z
  .object({
    ...ProjectFields,
    items: z
      .array(ProjectItemInputSchema)
      .max(2 * PROJECT_MAX_LINES, `A project holds at most ${PROJECT_MAX_LINES} products`)
      .default([])
      .describe('First lines, e.g. the product it was created from'),
    copyFromProjectId: ProjectId.optional().describe('Copy the lines and notes of a project the caller may see (their own or shared with them)'),
  })
  .meta({ id: 'CreateProject' });
export type CreateProjectInput = z.infer<typeof CreateProjectSchema>;

export const EditProjectSchema = z
  .object({
    name: ProjectFields.name.optional(),
    description: ProjectFields.description,
    siteReference: ProjectFields.siteReference,
    version: z.number().int().optional().describe('The version read: if the project has changed since, 409 PROJECT_CHANGED with the project as it is now'),
  })
  .meta({ id: 'EditProject' });
export type EditProjectInput = z.infer<typeof EditProjectSchema>;

export const SetProjectItemsSchema = z
  .object({
    items: z
      .array(ProjectItemInputSchema)
      .max(2 * PROJECT_MAX_LINES, `A project holds at most ${PROJECT_MAX_LINES} products`)
      .default([])
      .describe('Lines added, or their quantity or note changed; others are left alone'),
    removeSkus: z.array(Sku).max(PROJECT_MAX_LINES).default([]).describe('Lines removed'),
    version: z.number().int().optional().describe('The version read: if given and the project has changed since, 409 PROJECT_CHANGED'),
  })
  .meta({ id: 'SetProjectItems' });
export type SetProjectItemsInput = z.infer<typeof SetProjectItemsSchema>;

export const CheckVariantsSchema = z.array(Sku).min(1, 'Name at least one product').max(100, 'Ask about at most 100 products').meta({ id: 'VariantSkus' });

export const UpdateItemVariantSchema = z
  .object({ sku: Sku.describe('The line’s current variant'), newSku: Sku.describe('Another size or finish of the same product') })
  .meta({ id: 'UpdateProjectItemVariant' });

export const AddAllToBasketSchema = z
  .object({ basketId: z.string().min(1).max(64).default('mine').describe('The basket to add to; `mine` is the caller’s current basket') })
  .meta({ id: 'AddProjectToBasket' });

export const ShareProjectSchema = z
  .object({
    emailAddress: z.string().trim().min(3, 'Enter an e-mail address, like name@example.com').max(320, 'Enter an e-mail address, like name@example.com'),
    role: z.enum([...PROJECT_SHARE_ROLES, 'none'], { error: 'Choose whether they can view or edit the project' }).default('view'),
  })
  .meta({ id: 'ShareProject', description: 'Shares with an address (view or edit), changes its role, or stops sharing (`none`).' });
export type ShareProjectInput = z.infer<typeof ShareProjectSchema>;

export const RetrieveSharesSchema = z
  .object({ projectId: ProjectId.optional().describe('Only this project, if it is shared with the caller') })
  .meta({ id: 'RetrieveShares' });

export const ProjectNoticeSchema = z
  .object({
    type: z.enum(['price_down', 'price_up', 'unavailable', 'available_again']),
    sku: z.string(),
    from: z.number().int().optional(),
    to: z.number().int().optional(),
    message: z.string(),
  })
  .meta({ id: 'ProjectNotice' });
export type ProjectNotice = z.infer<typeof ProjectNoticeSchema>;

export const ProjectLineSchema = z
  .object({
    sku: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string(),
    label: z.string(),
    imageUrl: z.string().nullable(),
    quantity: z.number().int(),
    note: z.string().nullable(),
    available: z.boolean(),
    stockStatus: z.enum(['in_stock', 'low_stock', 'made_to_order', 'out_of_stock', 'discontinued']),
    priceIncVat: Pence.describe('The viewer’s own unit price (trade price only for a trade viewer); 0 when no longer sold'),
    priceExVat: Pence,
    lineTotalIncVat: Pence,
    variants: z.array(z.object({ sku: z.string(), label: z.string() })).describe('Other sizes or finishes of the same product, for a swap'),
  })
  .meta({ id: 'ProjectLine' });
export type ProjectLine = z.infer<typeof ProjectLineSchema>;

export const ProjectSuggestionSchema = z
  .object({
    sku: z.string().describe('The product’s default variant: the one “Add to project” adds'),
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string(),
    imageUrl: z.string(),
    priceIncVat: Pence.describe('The viewer’s own unit price, as the lines are priced'),
    priceExVat: Pence,
  })
  .meta({ id: 'ProjectSuggestion' });
export type ProjectSuggestion = z.infer<typeof ProjectSuggestionSchema>;

export const CompleteYourBathroomSchema = z
  .object({
    projectId: z.string(),
    items: z.array(ProjectSuggestionSchema).describe('Best first: what the products need before what goes with them; empty when nothing is missing'),
  })
  .meta({
    id: 'ProjectCompleteYourBathroom',
    description: 'What the project’s products need or go with (the catalogue’s essential items) that nothing in it is, in stock and priced.',
  });
export type CompleteYourBathroom = z.infer<typeof CompleteYourBathroomSchema>;

export const ProjectShareSchema = z.object({ emailAddress: z.string(), role: z.enum(PROJECT_SHARE_ROLES), sharedAt: z.string() }).meta({ id: 'ProjectShare' });
export type ProjectShare = z.infer<typeof ProjectShareSchema>;

export const ProjectOrderSchema = z.object({ orderNumber: z.string(), placedAt: z.string(), totalIncVat: Pence }).meta({ id: 'ProjectOrder' });

export const ProjectSchema = z
  .object({
    projectId: z.string(),
    version: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    siteReference: z.string().nullable(),
    access: z.enum(PROJECT_ACCESS).describe('owner, or the role it is shared with the caller'),
    sharedBy: z.string().nullable().describe('The owner’s name, when shared with the caller'),
    lines: z.array(ProjectLineSchema).describe('This page of lines, newest first'),
    ...PageAnswer,
    totals: z.object({ lineCount: z.number().int(), availableIncVat: Pence.describe('Every available line at the viewer’s prices') }),
    notices: z.array(ProjectNoticeSchema).describe('With refreshProject: what changed for this viewer since they last refreshed'),
    shares: z.array(ProjectShareSchema).describe('Who it is shared with (the owner only; empty for others)'),
    orders: z.array(ProjectOrderSchema).describe('Orders placed from it (the owner only)'),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectSummarySchema = z
  .object({
    projectId: z.string(),
    name: z.string(),
    siteReference: z.string().nullable(),
    lineCount: z.number().int(),
    access: z.enum(PROJECT_ACCESS),
    sharedBy: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProjectSummary' });
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectPageSchema = z.object({ projects: z.array(ProjectSummarySchema), ...PageAnswer }).meta({ id: 'ProjectPage' });
export type ProjectPage = z.infer<typeof ProjectPageSchema>;

export const VariantsInProjectSchema = z
  .object({ found: z.array(z.object({ sku: z.string(), projectId: z.string(), projectName: z.string() })) })
  .meta({ id: 'VariantsInProject' });

export const AddedToBasketSchema = z
  .object({
    basketId: z.string(),
    added: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
    notAdded: z.array(
      z.object({
        sku: z.string(),
        productName: z.string(),
        reason: z.enum(PROJECT_NOT_ADDED_REASONS),
        wanted: z.number().int(),
        added: z.number().int(),
        message: z.string(),
      }),
    ),
    basketItemCount: z.number().int(),
  })
  .meta({ id: 'ProjectAddedToBasket', description: 'The project is unchanged; every line not added (or not in full) says why.' });
export type AddedToBasket = z.infer<typeof AddedToBasketSchema>;

export const ProjectSharedSchema = z
  .object({ message: z.string(), shares: z.array(ProjectShareSchema) })
  .meta({ id: 'ProjectShared', description: 'The same answer whether or not the address has an account.' });

export const OrderProjectsSchema = z
  .object({ projects: z.array(z.object({ projectId: z.string(), name: z.string() })) })
  .meta({ id: 'OrderProjects', description: 'The projects whose lines the order’s basket was filled from, those the caller may open.' });
export type OrderProjects = z.infer<typeof OrderProjectsSchema>;

export const ProjectDeletedSchema = z.object({ projectId: z.string(), deleted: z.literal(true) }).meta({ id: 'ProjectDeleted' });

const notYours = 'Another customer’s project is the same 404 PROJECT_NOT_FOUND as an unknown id.';

export const projectEndpoints = {
  createProject: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'POST',
    path: '/projects',
    summary: 'Creates a project, with first lines or as a copy of one the caller may see',
    body: CreateProjectSchema,
    responses: { 201: ProjectSchema },
  }),
  getProject: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'GET',
    path: '/projects/{projectId}',
    summary: 'A project with a page of its lines at the caller’s own prices; with refreshProject, what changed since they last looked',
    description: notYours,
    params: ProjectIdParamsSchema,
    query: z.object({
      refreshProject: z
        .enum(['true', 'false'], { error: 'refreshProject is true or false' })
        .default('false')
        .transform((value) => value === 'true'),
      ...Page,
    }),
    responses: { 200: ProjectSchema },
  }),
  listProjects: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'GET',
    path: '/projects/list',
    summary: 'The caller’s projects, most recently changed first',
    query: z.object(Page),
    responses: { 200: ProjectPageSchema },
  }),
  deleteProject: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'DELETE',
    path: '/projects/{projectId}',
    summary: 'Deletes a project of the caller’s, and its shares',
    description: notYours,
    params: ProjectIdParamsSchema,
    responses: { 200: ProjectDeletedSchema },
  }),
  editProject: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'PUT',
    path: '/projects/{projectId}/edit',
    summary: 'Changes the name, description or site reference (owner or editor)',
    description: notYours + ' A viewer gets 403 PROJECT_VIEW_ONLY.',
    params: ProjectIdParamsSchema,
    body: EditProjectSchema,
    responses: { 200: ProjectSchema },
  }),
  setItems: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'PUT',
    path: '/projects/{projectId}/setItems',
    summary: 'Adds lines, changes their quantity or note, removes lines (owner or editor)',
    description: 'Lines not named are left alone, so two people changing different lines both keep their change.',
    params: ProjectIdParamsSchema,
    body: SetProjectItemsSchema,
    responses: { 200: ProjectSchema },
  }),
  checkIfVariantsExistInProject: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'POST',
    path: '/projects/{projectId}/checkIfVariantsExistInProject',
    summary: 'Which of these skus the project holds; `mine` asks across all the caller’s projects',
    params: ProjectIdParamsSchema,
    body: CheckVariantsSchema,
    responses: { 200: VariantsInProjectSchema },
  }),
  addAllToBasket: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'PUT',
    path: '/projects/{projectId}/addAllToBasket',
    summary: 'Adds every line it can to the caller’s basket, reporting each line not added and why',
    description: 'The project is left unchanged. Send an Idempotency-Key so pressing twice adds once.',
    params: ProjectIdParamsSchema,
    body: AddAllToBasketSchema,
    idempotent: { scope: 'projects.add-all-to-basket' },
    responses: { 200: AddedToBasketSchema },
  }),
  updateProjectItemVariant: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'POST',
    path: '/projects/{projectId}/updateProjectItemVariant',
    summary: 'Swaps a line to another variant of the same product, keeping its quantity and note',
    params: ProjectIdParamsSchema,
    body: UpdateItemVariantSchema,
    responses: { 200: ProjectSchema },
  }),
  shareProject: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'POST',
    path: '/share/{projectId}',
    summary: 'Shares the project by e-mail as view or edit, changes the role, or stops sharing (owner only)',
    description: 'The answer and e-mail are the same whether or not the address has an account; without one, the e-mail invites them and the share waits.',
    params: ProjectIdParamsSchema,
    body: ShareProjectSchema,
    responses: { 200: ProjectSharedSchema },
  }),
  retrieveShares: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'POST',
    path: '/share/retrieve',
    summary: 'Projects shared with the caller, with the sharer’s name',
    query: z.object(Page),
    body: RetrieveSharesSchema,
    responses: { 200: ProjectPageSchema },
  }),
  completeYourBathroom: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'GET',
    path: '/projects/{projectId}/completeYourBathroom',
    summary: '“Complete your bathroom”: the essential items the project’s products need or go with that it lacks, at the caller’s own prices',
    description: notYours + ' Chosen from the project’s own lines, as the basket’s row is from its lines (decision 0144).',
    params: ProjectIdParamsSchema,
    responses: { 200: CompleteYourBathroomSchema },
  }),
  projectsOfOrder: defineEndpoint({
    service: 'projects',
    access: signedIn,
    method: 'GET',
    path: '/projects/forOrder/{orderNumber}',
    summary: 'The projects the caller’s own order was placed from (its basket filled with “add all to basket”)',
    description: 'Another customer’s order is the same 404 ORDER_NOT_FOUND as an unknown number.',
    params: z.object({ orderNumber: OrderNumberSchema }),
    responses: { 200: OrderProjectsSchema },
  }),
} as const;
