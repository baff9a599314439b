import { CONTENT_BLOCK_TYPES, CONTENT_PAGE_MAX_BLOCKS, type ContentBlockType, type ContentPageEditing } from '@shop/contracts';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/staff-content-page';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { stepProblemOf, type StepProblem } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { TextArea } from '../components/ui/textarea.tsx';
import { catalogueClient, throwIfRateLimited } from '../lib/api.server.ts';
import { staffClient } from '../lib/auth/staff-page.server.ts';
import { formText } from '../lib/form-text.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadNavigation } from '../lib/navigation.server.ts';
import { ApiError } from '@shop/api-client';
import {
  BLOCK_FIELDS,
  documentOfEditor,
  editBlocks,
  editorOfDocument,
  editorOfForm,
  uploadFieldName,
  uploadTargetOf,
  type BlockField,
  type EditorBlock,
} from '../lib/staff-content/block-form.ts';
import {
  CONTENT_AUDIENCE,
  CONTENT_ROLES,
  createContentClient,
  createPostsClient,
  isStaffPostPath,
  publicationText,
  revisionText,
  STAFF_CONTENT_PATH,
  staffPagePath,
  staffPagePreviewPath,
  staffPostPath,
  staffPostPreviewPath,
} from '../lib/staff-content/staff-content.ts';
import { postFieldsOfDocument, postFieldsOfForm, postInputOf, type PostFields } from '../lib/staff-content/post-form.ts';
import { fromLocalInput } from '../lib/staff-discounts/form.ts';

/** The page's fields and blocks, and a blog post's own fields (the same editor serves pages and posts, decision 0094). */
type Editor = ReturnType<typeof editorOfForm> & { post: PostFields | null };
const DONE = {
  saved: 'Draft saved. The shop still shows the published page.',
  published: 'Published: the shop shows it now.',
  scheduled: 'Scheduled.',
  restored: 'That version is the draft again: publish it to show it.',
  unpublished: 'Unpublished: its address shows the “page not found” page, and links to it are left out of the footer and the sitemap.',
  'unpublished-post': 'Unpublished: its address shows the “page not found” page, and the blog’s list, its feed and the sitemap leave it out.',
} as const;

const DONE_OF_INTENT: Partial<Record<string, keyof typeof DONE>> = { save: 'saved', publish: 'published', unpublish: 'unpublished' };

/** The calls of the kind edited here: a content page's, or a blog post's (`/staff/content/posts/…`). */
function editingCalls(request: Request) {
  if (!isStaffPostPath(new URL(request.url).pathname)) {
    const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
    return { kind: 'page' as const, api, read: (slug: string) => api.getPageForEditing({ params: { slug } }) };
  }
  const posts = staffClient(request, CONTENT_ROLES, 'site', createPostsClient);
  return { kind: 'post' as const, posts, read: (slug: string) => posts.getPostForEditing({ params: { slug } }) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const calls = editingCalls(request);
  let page: ContentPageEditing;
  let post: PostFields | null = null;
  try {
    page = await calls.read(params.slug);
    if (calls.kind === 'post') post = postFieldsOfDocument((page as Awaited<ReturnType<typeof calls.read>>).draft);
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status === 403) return data({ forbidden: true as const }, { status: 403 });
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  // A post's category is one of those content editors keep (its draft's stays among them: one a post is in cannot be removed).
  const [navigation, blogCategories] = await Promise.all([
    loadNavigation(request, context),
    calls.kind === 'post' ? calls.posts.listBlogCategories().then(({ categories }) => categories.map(({ slug, name }) => ({ slug, name }))) : [],
  ]);
  const done = new URL(request.url).searchParams.get('done');
  const width: 'phone' | 'desktop' = new URL(request.url).searchParams.get('width') === 'desktop' ? 'desktop' : 'phone';
  return {
    page,
    kind: calls.kind,
    editor: { ...editorOfDocument(page.draft), post },
    categories: navigation.categories.flatMap((category) => [
      { slug: category.slug, name: category.name },
      ...category.children.map((child) => ({ slug: child.slug, name: child.name })),
    ]),
    blogCategories,
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
    width,
  };
}

interface Refused {
  editor: Editor;
  problem: StepProblem | null;
  found?: { sku: string; name: string }[];
  /** The picture address an upload filled in (`b1.src`), or the one whose upload was refused. */
  uploaded?: { field: string; error: string | null };
}

/** The post's hero picture address, which can be uploaded as a block's picture can. */
const POST_HERO_FIELD = 'post.heroSrc';

/** The picture is multipart, which the typed client passes through as it is. */
type Upload = (input: { body: FormData }) => Promise<{ src: string }>;

/**
 * Sends the picture chosen beside a picture address (a block's, or a post's hero) to the API (none
 * chosen: the API says to choose one) and puts its address in that field (`withPicture`); nothing is
 * saved, the rest of the form stays as typed.
 */
async function uploadPicture(request: Request, form: FormData, editor: Editor, field: string, withPicture: (src: string) => Editor) {
  const body = new FormData();
  const image = form.get(uploadFieldName(field));
  if (image instanceof File && image.size > 0) body.append('image', image, image.name || 'picture');
  try {
    const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
    const { src } = await (api.uploadContentImage as unknown as Upload)({ body });
    return data<Refused>({ editor: withPicture(src), problem: null, uploaded: { field, error: null } });
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const problem = stepProblemOf(error, new Set());
    return data<Refused>({ editor, problem, uploaded: { field, error: problem.fields.image ?? problem.summary } }, { status: error.status });
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const calls = editingCalls(request);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const editor: Editor = { ...editorOfForm(form), post: calls.kind === 'post' ? postFieldsOfForm(form) : null };
  const version = Number(formText(form, 'version'));
  const slug = params.slug;
  // Moving, removing and adding blocks, and finding products, change only the form: nothing is saved.
  const edited = editBlocks(editor.blocks, intent === 'add' ? `add:${formText(form, 'addType')}` : intent);
  if (edited) return data<Refused>({ editor: { ...editor, blocks: edited }, problem: null });
  const target = uploadTargetOf(editor.blocks, intent);
  if (target) {
    const blocks = (src: string) =>
      editor.blocks.map((block, index) => (index === target.index ? { ...block, values: { ...block.values, [target.name]: src } } : block));
    return uploadPicture(request, form, editor, `b${target.index}.${target.name}`, (src) => ({ ...editor, blocks: blocks(src) }));
  }
  const postFields = editor.post;
  if (intent === `upload:${POST_HERO_FIELD}` && postFields)
    return uploadPicture(request, form, editor, POST_HERO_FIELD, (src) => ({ ...editor, post: { ...postFields, heroSrc: src } }));
  if (intent === 'find-products') {
    const query = formText(form, 'find').trim();
    const listing = query ? await catalogueClient(request).search({ body: { query, size: 10 } }) : { products: [] };
    return data<Refused>({ editor, problem: null, found: listing.products.map((card) => ({ sku: card.sku, name: card.productName })) });
  }
  try {
    const page = documentOfEditor(editor);
    if (calls.kind === 'post') {
      const post = { ...page, ...postInputOf(editor.post!) };
      if (intent === 'save') await calls.posts.savePostDraft({ params: { slug }, body: { version, post } });
      else if (intent === 'publish') await calls.posts.publishPost({ params: { slug }, body: { version, post } });
      else if (intent === 'unpublish') await calls.posts.unpublishPost({ params: { slug }, body: { version } });
      else if (intent.startsWith('restore:')) await calls.posts.restorePostRevision({ params: { slug }, body: { version, revision: Number(intent.slice(8)) } });
      else return data<Refused>({ editor, problem: { summary: 'Choose what to do with the post.', stale: false, fields: {} } }, { status: 400 });
    } else if (intent === 'save') await calls.api.savePageDraft({ params: { slug }, body: { version, page } });
    else if (intent === 'publish') await calls.api.publishPage({ params: { slug }, body: { version, page } });
    else if (intent === 'schedule') {
      const publishAt = fromLocalInput(formText(form, 'publishAt'));
      if (!publishAt)
        return data<Refused>(
          { editor, problem: { summary: 'Enter the date and time to publish at, like 28/11/2026 09:00.', stale: false, fields: {} } },
          { status: 400 },
        );
      await calls.api.publishPage({ params: { slug }, body: { version, page, publishAt } });
    } else if (intent === 'unpublish') await calls.api.unpublishPage({ params: { slug }, body: { version } });
    else if (intent.startsWith('restore:')) await calls.api.restorePageRevision({ params: { slug }, body: { version, revision: Number(intent.slice(8)) } });
    else return data<Refused>({ editor, problem: { summary: 'Choose what to do with the page.', stale: false, fields: {} } }, { status: 400 });
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data<Refused>({ editor, problem: stepProblemOf(error, new Set()) }, { status: error.status });
  }
  const done: keyof typeof DONE = intent.startsWith('restore:')
    ? 'restored'
    : intent === 'unpublish' && calls.kind === 'post'
      ? 'unpublished-post'
      : (DONE_OF_INTENT[intent] ?? 'scheduled');
  return redirectWithNotice(request, `${calls.kind === 'post' ? staffPostPath(slug) : staffPagePath(slug)}?done=${done}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData && 'page' in loaderData ? `Edit ${loaderData.page.draft.title}` : 'Edit a page', 'A content page’s draft, versions and publishing.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  if ('forbidden' in loaderData) return <NeedStaffAccount {...CONTENT_AUDIENCE} />;
  const { page, kind, categories, blogCategories, done, width } = loaderData;
  const editor = actionData?.editor ?? loaderData.editor;
  const previewPath = (revision: number) => (kind === 'post' ? staffPostPreviewPath(page.slug, revision) : staffPagePreviewPath(page.slug, revision));
  return (
    <>
      <PageHeader
        title={`Edit “${page.draft.title}”`}
        intro={<Status page={page} />}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Content', to: STAFF_CONTENT_PATH }, { label: page.draft.title }]}
      />
      <div className="container-page grid gap-10 py-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:py-10">
        <div className="min-w-0">
          {done && !actionData && (
            <p role="status" className="mb-6 rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
              {done}
            </p>
          )}
          {actionData?.uploaded && !actionData.uploaded.error && (
            <p role="status" className="mb-6 rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
              Picture uploaded and its address filled in. Save the draft or publish to keep it on the page: a picture no version uses is removed a week after
              its upload.
            </p>
          )}
          {actionData?.problem && <ErrorSummary problems={[{ message: actionData.problem.summary }]} />}
          {/* Multipart: a block's picture may be uploaded from its fields (`upload:` buttons); every other button posts the same form. */}
          <Form method="post" encType="multipart/form-data" aria-label="Page" className="space-y-8">
            <input type="hidden" name="version" value={page.version} />
            <input type="hidden" name="blockCount" value={editor.blocks.length} />
            <fieldset className="space-y-4">
              <legend className="section-heading">The page</legend>
              <FormField label="Title">{(control) => <Input {...control} name="title" defaultValue={editor.title} key={`t${page.version}`} />}</FormField>
              <FormField label="Title in search results" hint="At most 70 characters.">
                {(control) => <Input {...control} name="seoTitle" defaultValue={editor.seoTitle} key={`s${page.version}`} />}
              </FormField>
              <FormField label="Description in search results" hint="At most 200 characters.">
                {(control) => <TextArea {...control} name="seoDescription" defaultValue={editor.seoDescription} rows={2} key={`d${page.version}`} />}
              </FormField>
            </fieldset>
            {editor.post && (
              <PostFieldset
                fields={editor.post}
                categories={blogCategories}
                version={page.version}
                uploadError={actionData?.uploaded?.error ? actionData.uploaded : null}
              />
            )}
            <datalist id="content-categories">
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </datalist>
            {editor.blocks.map((block, index) => (
              <BlockFields
                key={`${index}-${block.type}-${JSON.stringify(block.values).length}`}
                block={block}
                index={index}
                count={editor.blocks.length}
                uploadError={actionData?.uploaded?.error ? actionData.uploaded : null}
              />
            ))}
            <fieldset className="flex flex-wrap items-end gap-3 rounded-xl border border-dashed border-navy-200 p-4">
              <legend className="px-1 font-semibold">Add a block</legend>
              <FormField label="Kind of block">
                {(control) => (
                  <select {...control} name="addType" className="control">
                    {Object.entries(CONTENT_BLOCK_TYPES).map(([type, name]) => (
                      <option key={type} value={type}>
                        {name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <Button type="submit" name="intent" value="add" variant="secondary" disabled={editor.blocks.length >= CONTENT_PAGE_MAX_BLOCKS}>
                Add block
              </Button>
              <p className="w-full text-sm text-navy-700">At most {CONTENT_PAGE_MAX_BLOCKS} blocks a page.</p>
            </fieldset>
            <fieldset className="flex flex-wrap items-end gap-3 rounded-xl border border-navy-100 p-4">
              <legend className="px-1 font-semibold">Find products</legend>
              <FormField label="Product name or code" className="min-w-60 flex-1">
                {(control) => <Input {...control} name="find" type="search" />}
              </FormField>
              <Button type="submit" name="intent" value="find-products" variant="secondary">
                Find products
              </Button>
              {actionData?.found && (
                <ul aria-label="Products found" className="w-full space-y-1 text-sm">
                  {actionData.found.length === 0 && <li>No products match. Try fewer words.</li>}
                  {actionData.found.map((product) => (
                    <li key={product.sku}>
                      <code className="font-semibold">{product.sku}</code> {product.name}
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
            <fieldset className="space-y-4 rounded-xl bg-sand-100 p-4">
              <legend className="sr-only">Save or publish</legend>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" name="intent" value="save" variant="secondary">
                  Save draft
                </Button>
                <Button type="submit" name="intent" value="publish">
                  Publish now
                </Button>
                {(page.published || page.scheduled) && (
                  <Button type="submit" name="intent" value="unpublish" variant="secondary">
                    Unpublish
                  </Button>
                )}
              </div>
              {kind === 'page' && (
                <div className="flex flex-wrap items-end gap-3">
                  <FormField label="Publish at (UK time)">{(control) => <Input {...control} name="publishAt" type="datetime-local" />}</FormField>
                  <Button type="submit" name="intent" value="schedule" variant="secondary">
                    Schedule
                  </Button>
                </div>
              )}
            </fieldset>
          </Form>
        </div>
        <aside className="min-w-0 space-y-8" aria-label="Preview and versions">
          <Preview src={previewPath(page.draftRevision)} revision={page.draftRevision} width={width} />
          <Versions page={page} previewPath={previewPath} />
        </aside>
      </div>
    </>
  );
}

/** A blog post's own fields: summary, byline, hero image, category, tags and related products. */
function PostFieldset({
  fields,
  categories,
  version,
  uploadError,
}: {
  fields: PostFields;
  categories: readonly { slug: string; name: string }[];
  version: number;
  uploadError: BlockFieldsProps['uploadError'];
}) {
  const text = (name: keyof PostFields, label: string, hint?: string) => (
    <FormField label={label} hint={hint}>
      {(control) => <Input {...control} name={`post.${name}`} defaultValue={fields[name]} key={`${name}${version}`} />}
    </FormField>
  );
  return (
    <fieldset className="space-y-4">
      <legend className="section-heading">The post</legend>
      <FormField label="Summary" hint="One or two sentences for the blog’s list and the feed. At most 300 characters.">
        {(control) => <TextArea {...control} name="post.summary" defaultValue={fields.summary} rows={2} key={`summary${version}`} />}
      </FormField>
      {text('author', 'Author')}
      <FormField label="Category">
        {(control) => (
          <select {...control} name="post.category" defaultValue={fields.category} className="control" key={`category${version}`}>
            {categories.map(({ slug, name }) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <PictureField
        field={{ label: 'Hero image address', hint: 'A picture of this shop (starting with /) or an https:// address.' }}
        fieldName={POST_HERO_FIELD}
        value={fields.heroSrc}
        forWhat="the hero image"
        uploadError={uploadError}
        key={`heroSrc${version}${fields.heroSrc}`}
      />
      {text('heroAlt', 'Hero image’s alt text', 'What the picture shows, for people who cannot see it.')}
      {text('tags', 'Tags', 'Lower-case words joined by hyphens, separated by commas, like small-bathrooms, storage. At most 8.')}
      {text('relatedSkus', 'Related products', 'Product codes separated by commas (find them below), shown as cards under the post. At most 12.')}
    </fieldset>
  );
}

function Status({ page }: { page: ContentPageEditing }) {
  return <p>{publicationText(page)}</p>;
}

interface BlockFieldsProps {
  block: EditorBlock;
  index: number;
  count: number;
  /** A refused upload: the picture address it was for, and why. */
  uploadError: { field: string; error: string | null } | null;
}

function BlockFields({ block, index, count, uploadError }: BlockFieldsProps) {
  const name = CONTENT_BLOCK_TYPES[block.type as ContentBlockType];
  return (
    <fieldset className="space-y-4 rounded-xl border border-navy-100 p-4">
      <legend className="px-1 font-semibold">
        Block {index + 1}: {name}
      </legend>
      <input type="hidden" name={`b${index}.type`} value={block.type} />
      {BLOCK_FIELDS[block.type].map((field) => {
        const fieldName = `b${index}.${field.name}`;
        const value = block.values[field.name] ?? '';
        if (field.kind === 'checkbox') {
          return (
            <label key={field.name} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fieldName} defaultChecked={value === 'on'} className="size-5" />
              {field.label}
            </label>
          );
        }
        if (field.upload)
          return <PictureField key={field.name} field={field} fieldName={fieldName} value={value} forWhat={`block ${index + 1}`} uploadError={uploadError} />;
        return (
          <FormField key={field.name} label={field.label} hint={field.hint}>
            {(control) =>
              field.kind === 'choice' ? (
                <select {...control} name={fieldName} defaultValue={value} className="control">
                  <option value="">None</option>
                  {Object.entries(field.options ?? {}).map(([option, label]) => (
                    <option key={option} value={option}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : field.kind === 'words' || field.kind === 'lines' ? (
                <TextArea {...control} name={fieldName} defaultValue={value} rows={field.kind === 'words' ? 10 : 4} />
              ) : (
                <Input {...control} name={fieldName} defaultValue={value} list={field.kind === 'category' ? 'content-categories' : undefined} />
              )
            }
          </FormField>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={`move-up:${index}`} size="sm" variant="ghost" disabled={index === 0}>
          Move up<span className="sr-only"> block {index + 1}</span>
        </Button>
        <Button type="submit" name="intent" value={`move-down:${index}`} size="sm" variant="ghost" disabled={index === count - 1}>
          Move down<span className="sr-only"> block {index + 1}</span>
        </Button>
        <Button type="submit" name="intent" value={`remove:${index}`} size="sm" variant="ghost">
          Remove<span className="sr-only"> block {index + 1}</span>
        </Button>
      </div>
    </fieldset>
  );
}

/** A picture's address, and beside it a picture to upload instead: uploading fills the address in. */
interface PictureFieldProps {
  field: Pick<BlockField, 'label' | 'hint'>;
  fieldName: string;
  value: string;
  /** What the picture is for, said to screen readers on the upload's label and button ("block 2"). */
  forWhat: string;
  uploadError: BlockFieldsProps['uploadError'];
}

function PictureField({ field, fieldName, value, forWhat, uploadError }: PictureFieldProps) {
  return (
    <div className="space-y-3 rounded-lg bg-sand-50 p-3">
      <FormField label={field.label} hint={field.hint}>
        {(control) => <Input {...control} name={fieldName} defaultValue={value} />}
      </FormField>
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          label={
            <>
              Or upload a picture<span className="sr-only"> for {forWhat}</span>
            </>
          }
          hint="A JPG or PNG of 5 MB or less. It is kept without its location and camera details."
          error={uploadError?.field === fieldName ? uploadError.error : null}
          className="min-w-60 flex-1"
        >
          {(control) => <Input {...control} type="file" name={uploadFieldName(fieldName)} accept="image/jpeg,image/png" />}
        </FormField>
        <Button type="submit" name="intent" value={`upload:${fieldName}`} variant="secondary">
          Upload picture<span className="sr-only"> for {forWhat}</span>
        </Button>
      </div>
    </div>
  );
}

/** The saved draft as the shop draws it, in a frame as wide as a phone or a desktop screen. */
function Preview({ src, revision, width }: { src: string; revision: number; width: 'phone' | 'desktop' }) {
  const pixels = width === 'phone' ? 390 : 1366;
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="section-heading">
        Preview
      </h2>
      <p className="mt-1 text-sm text-navy-700">The last saved draft. Save your changes to see them here.</p>
      <p className="mt-2 flex gap-4 text-sm">
        <Link to="?width=phone" className="link" aria-current={width === 'phone' ? 'true' : undefined}>
          Phone width
        </Link>
        <Link to="?width=desktop" className="link" aria-current={width === 'desktop' ? 'true' : undefined}>
          Desktop width
        </Link>
      </p>
      {/* Scrolled by keyboard too where the frame is wider than the column (a phone). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="mt-3 h-[36rem] overflow-auto rounded-xl border border-navy-200" tabIndex={0} role="region" aria-label="Preview frame">
        {/* The shop's own page from its own origin, drawn as shoppers get it (scripts and all): a
            sandbox with no scripts also shuts out the accessibility check that reads the frame. */}
        {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
        <iframe
          title={`Preview at ${width} width`}
          key={revision}
          src={src}
          style={{ width: pixels, height: '100%', transform: width === 'desktop' ? 'scale(0.3)' : undefined, transformOrigin: '0 0' }}
          className={width === 'desktop' ? 'h-[120rem]' : 'h-full'}
        />
      </div>
    </section>
  );
}

/** Every version, each restorable; a page's each previewable too (a post's draft only, in the frame). */
function Versions({ page, previewPath }: { page: ContentPageEditing; previewPath: (revision: number) => string }) {
  return (
    <section aria-labelledby="versions-heading">
      <h2 id="versions-heading" className="section-heading">
        Versions
      </h2>
      <Form method="post">
        <input type="hidden" name="version" value={page.version} />
        <ol className="mt-3 space-y-3 text-sm">
          {page.revisions.map((revision) => (
            <li key={revision.revision} className="rounded-lg border border-navy-100 p-3">
              <p className="font-semibold">
                Version {revision.revision}: {revision.summary}
              </p>
              <p className="text-navy-700">{revisionText(revision)}</p>
              <p className="mt-2 flex flex-wrap gap-3">
                <Link to={previewPath(revision.revision)} className="link">
                  Preview version {revision.revision}
                </Link>
                {revision.revision !== page.draftRevision && (
                  <Button type="submit" name="intent" value={`restore:${revision.revision}`} size="sm" variant="secondary">
                    Restore version {revision.revision}
                  </Button>
                )}
              </p>
            </li>
          ))}
        </ol>
      </Form>
    </section>
  );
}
