/** All SQL of the reviews module (docs/architecture.md: the repository holds all SQL), one file per part. */
export * from './rows.ts';
export * from './reviews.ts';
export * from './listings.ts';
export * from './summaries.ts';
export * from './photos.ts';
export * from './questions.ts';
export * from './invitations.ts';
export * from './personal-data.ts';
export * from './search-source.ts';
