/**
 * The API's answer to a VAT invoice or credit note download, passed on to the browser: the PDF as an
 * attachment (never cached, never sniffed), or the API's refusal in its own words as plain text, so
 * the page the form or link was on stays where it was.
 */
export async function vatDocumentDownload(answer: Response, fallbackFileName: string, refusedText: string): Promise<Response> {
  if (!answer.ok) {
    const problem = (await answer.json().catch(() => null)) as { detail?: string } | null;
    return new Response(problem?.detail ?? refusedText, {
      status: answer.status,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return new Response(answer.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': answer.headers.get('content-disposition') ?? `attachment; filename="${fallbackFileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
