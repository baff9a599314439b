/**
 * Pictures staff upload for content pages (a hero's, an image block's): kept by files as a product's
 * picture is (judged by content, re-encoded without metadata, at most 2,400 px a side), served to
 * anyone under an address that never changes. The upload only answers with that address: a block
 * shows it once staff put it in the block's picture address and publish. One no kept version uses is removed a week after its
 * upload (content-image-cleanup.ts).
 */
import { contentImageUrl, type ContentImageUpload } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { FilesErrors, type FormFile, type OpenedFile } from '../files/index.ts';
import type { ContentDeps } from './content.deps.ts';
import { ContentErrors } from './content.errors.ts';
import { insertContentImage } from './content-images.repository.ts';

export async function uploadContentImage(deps: ContentDeps, ctx: CallerContext, uploads: readonly FormFile[]): Promise<ContentImageUpload> {
  const [upload] = uploads;
  if (!upload) throw ContentErrors.imageMissing();
  // Its row is what the clean-up of unused pictures weighs (content-image-cleanup.ts): a picture without one is removed again.
  const input = { purpose: 'content-image', fileName: upload.fileName, bytes: upload.bytes, field: 'body.image' } as const;
  return deps.files.storeUploads(ctx, [input], async ([stored]) => {
    await insertContentImage(ctx.db, { id: stored!.id, size: stored!.size, uploadedAt: new Date(stored!.createdAt) });
    return { src: contentImageUrl(stored!.id) };
  });
}

/** A content picture, for anyone: only a file uploaded as one, so no other upload is ever served here. */
export async function openContentImage(deps: ContentDeps, ctx: CallerContext, imageId: string): Promise<OpenedFile> {
  const file = await deps.files.open(ctx, imageId);
  if (file.purpose === 'content-image') return file;
  file.body.destroy();
  throw FilesErrors.fileNotFound();
}
