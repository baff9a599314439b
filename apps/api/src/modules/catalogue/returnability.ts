// What a product's returnability may be: a plain value the demo catalogue shares (docs/domain.md §8.1–8.2).
export { RETURNABILITIES, type Returnability } from '@shop/contracts';
