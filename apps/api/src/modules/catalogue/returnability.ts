/**
 * Whether a product can come back as unwanted (docs/domain.md §8.1–8.2), a product attribute the
 * catalogue sets: most goods can (`standard`); sealed hygiene goods only unopened
 * (`sealed-hygiene`); goods made to measure or personalised not at all (`made-to-measure`). The
 * help centre's return rules read it, never the product's name.
 */
export const RETURNABILITIES = ['standard', 'sealed-hygiene', 'made-to-measure'] as const;
export type Returnability = (typeof RETURNABILITIES)[number];
