import { BLOG_CATEGORY_DESCRIPTION_MAX_LENGTH, BLOG_CATEGORY_NAME_MAX_LENGTH, BLOG_CATEGORY_SLUG_MAX_LENGTH } from '@shop/contracts/blog-values';
import type { BlogCategory } from '@shop/contracts';
import { Form, Link } from 'react-router';
import { Button } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { TextArea } from '../ui/textarea.tsx';
import { Table } from '../../content/content-table.tsx';
import type { StepProblem } from './step-form.tsx';

/** The path of a blog category's page in the back-office, where it is renamed or removed. */
export const staffBlogCategoryPath = (slug: string) => `/staff/content/blog-categories/${encodeURIComponent(slug)}`;

/** What was typed in a category's form, kept when the API refuses it. */
export interface CategoryTyped {
  slug?: string;
  name?: string;
  description?: string;
}

/** A refusal's summary, each field's message linked to its field (ids `<form>-<field>`), GOV.UK's error summary. */
export function CategoryProblems({ form, problem }: { form: string; problem: StepProblem | null | undefined }) {
  if (!problem) return null;
  const fields = Object.entries(problem.fields);
  return (
    <ErrorSummary problems={fields.length ? fields.map(([field, message]) => ({ message, fieldId: `${form}-${field}` })) : [{ message: problem.summary }]} />
  );
}

/** A category's name and description, as its add and change forms both ask for them. */
export function CategoryWordsFields({ form, typed, problem }: { form: string; typed: CategoryTyped | undefined; problem: StepProblem | null | undefined }) {
  return (
    <>
      <FormField id={`${form}-name`} label="Name" hint="What shoppers see on the blog" error={problem?.fields.name} className="w-full max-w-md">
        {(control) => <Input {...control} name="name" required maxLength={BLOG_CATEGORY_NAME_MAX_LENGTH} defaultValue={typed?.name} />}
      </FormField>
      <FormField
        id={`${form}-description`}
        label="Short description"
        hint={`One sentence under the category’s name on the blog. At most ${BLOG_CATEGORY_DESCRIPTION_MAX_LENGTH} characters.`}
        error={problem?.fields.description}
        className="w-full max-w-xl"
      >
        {(control) => (
          <TextArea {...control} name="description" required maxLength={BLOG_CATEGORY_DESCRIPTION_MAX_LENGTH} rows={2} defaultValue={typed?.description} />
        )}
      </FormField>
    </>
  );
}

/** The blog's categories with how many posts are in each (each linked to its page), and the form that adds one; a plain form before scripts load. */
export function BlogCategoriesSection({
  categories,
  problem,
  typed,
}: {
  categories: readonly BlogCategory[];
  problem: StepProblem | null | undefined;
  typed: CategoryTyped | undefined;
}) {
  return (
    <section aria-labelledby="blog-categories-heading" id="blog-categories">
      <h2 id="blog-categories-heading" className="section-heading">
        Blog categories
      </h2>
      {categories.length === 0 ? (
        <p className="mt-3 text-navy-800">There are no blog categories yet. Add one below: every post is in a category.</p>
      ) : (
        <Table
          caption="Blog categories"
          head={['Category', 'Address', 'Description', 'Posts']}
          rows={categories.map((category) => [
            <Link key="name" to={staffBlogCategoryPath(category.slug)} className="link">
              {category.name}
            </Link>,
            `/blog?category=${category.slug}`,
            category.description,
            String(category.postCount),
          ])}
        />
      )}
      {/* Keyed by the list, so a category added clears the form (its fields are as typed until then, refused or not). */}
      <Form key={categories.length} method="post" className="mt-6 max-w-2xl space-y-4" aria-labelledby="new-category-heading">
        <h3 id="new-category-heading" className="text-lg font-bold text-navy-950">
          Add a blog category
        </h3>
        <input type="hidden" name="intent" value="create-category" />
        <CategoryProblems form="new-category" problem={problem} />
        <FormField
          id="new-category-slug"
          label="Address"
          hint="Lower-case letters, numbers and single hyphens, like small-bathrooms. It cannot be changed later."
          error={problem?.fields.slug}
          className="w-full max-w-md"
        >
          {(control) => <Input {...control} name="slug" required maxLength={BLOG_CATEGORY_SLUG_MAX_LENGTH} defaultValue={typed?.slug} />}
        </FormField>
        <CategoryWordsFields form="new-category" typed={typed} problem={problem} />
        <Button type="submit" variant="secondary">
          Add category
        </Button>
      </Form>
    </section>
  );
}
