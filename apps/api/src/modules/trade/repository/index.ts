/** All of trade's SQL, a file for each group of tables; callers import it as one repository. */
export * from './applications.ts';
export * from './accounts.ts';
export * from './orders.ts';
export * from './terms.ts';
export * from './personal-data.ts';
