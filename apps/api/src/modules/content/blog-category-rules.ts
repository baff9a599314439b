import {
  BLOG_CATEGORY_DESCRIPTION_MAX_LENGTH,
  BLOG_CATEGORY_NAME_MAX_LENGTH,
  BLOG_CATEGORY_SLUG_MAX_LENGTH,
  BLOG_CATEGORY_SLUG_PATTERN,
  type FieldError,
} from '@shop/contracts';
import { z } from 'zod';
import { ContentErrors } from './content.errors.ts';
import { checkWordsAndAddresses } from './content-rules.ts';

/**
 * What a blog category staff add or change may be: an address of lower-case letters, numbers and
 * single hyphens (`/blog?category=small-bathrooms`), a name and a short description, words only.
 */

const text = (empty: string, label: string, max: number) =>
  z.string().trim().min(1, { error: empty, abort: true }).max(max, `${label} must be ${max} characters or fewer`);

const CategoryWords = z.object({
  name: text('Enter the category’s name', 'The category’s name', BLOG_CATEGORY_NAME_MAX_LENGTH),
  description: text('Enter a short description of the category', 'The category’s description', BLOG_CATEGORY_DESCRIPTION_MAX_LENGTH),
});
const NewCategory = CategoryWords.extend({
  slug: z
    .string()
    .trim()
    .min(1, { error: 'Enter the category’s address', abort: true })
    .max(BLOG_CATEGORY_SLUG_MAX_LENGTH, `The category’s address must be ${BLOG_CATEGORY_SLUG_MAX_LENGTH} characters or fewer`)
    .regex(BLOG_CATEGORY_SLUG_PATTERN, 'The category’s address must use only lower-case letters, numbers and single hyphens, like "small-bathrooms"'),
});

export type BlogCategoryWords = z.infer<typeof CategoryWords>;

function checked<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
      code: issue.code,
    }));
    throw ContentErrors.blogCategoryInvalid(errors);
  }
  checkWordsAndAddresses(parsed.data, ['body'], 'The category’s name or description');
  return parsed.data;
}

/** A new category as sent, checked: its address, name and description trimmed, or the refusal naming each field to change. */
export const checkNewBlogCategory = (input: { slug: string } & BlogCategoryWords) => checked(NewCategory, input);

/** A category's new name and description, checked. */
export const checkBlogCategoryWords = (input: BlogCategoryWords) => checked(CategoryWords, input);
