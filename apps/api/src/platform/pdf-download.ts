import type { FastifyReply } from 'fastify';

/** A PDF answered as a download (a VAT invoice, a credit note): never cached, never sniffed as anything else. */
export function sendPdfDownload(reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }): never {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(Buffer.from(file.bytes)) as never;
}
